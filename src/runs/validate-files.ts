// What content/ may hold as files, shared by `benchsite validate` and the site build. Content may come from
// anyone's pull request, so nothing in it may make benchsite read or publish a file of the machine:
// - every entry is a directory or a regular file: no symbolic links (a `raw.tar.gz -> /etc/hostname` would be
//   published, a `run.json -> /etc/passwd` printed), no FIFOs, sockets or devices;
// - every regular file has exactly one name. A second name (a hard link) may be a file outside content/, and
//   which one cannot be told without searching every file system, so any second name is refused. Git never
//   checks out a hard link, so only someone on the machine can make one;
// - a run folder (a directory with run.json) holds run.json, series.json and raw.tar.gz only; the build reads
//   nothing else, so a stray file is refused rather than left looking as if it were used.
// Files are then opened with readContentFile, which refuses a link even if one appeared after the check.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { stampOf } from './file-stamp.ts';
import { problem, type Problem } from './problems.ts';

/** The files of a run folder, and nothing else. */
export const RUN_FOLDER_FILES: ReadonlySet<string> = new Set(['run.json', 'series.json', 'raw.tar.gz']);

const linkProblem = (file: string) =>
  problem(
    file,
    '(file)',
    'is a symbolic link, and content/ holds regular files only (a link could publish or read any file of the machine)',
    'Replace the link with the file itself',
  );

const namesProblem = (file: string, names: number) =>
  problem(
    file,
    '(file)',
    `has ${names} names (hard links), and a content file must have one: its other names may be outside content/`,
    'Copy the file instead of linking it (a build by an older benchsite linked raw.tar.gz into dist/: remove dist/ and build again)',
  );

const specialProblem = (file: string) =>
  problem(
    file,
    '(file)',
    'is not a regular file or a directory (a FIFO, socket or device)',
    'Remove it; content/ holds regular files only',
  );

function strayProblem(file: string, name: string): Problem {
  return name === 'charts.html'
    ? problem(
        file,
        '(file)',
        'is not read any more: run charts are drawn from series.json when the site is built',
        'Delete it (an older benchsite harvest wrote it)',
      )
    : problem(
        file,
        '(file)',
        `is not a run file: a run folder holds ${[...RUN_FOLDER_FILES].join(', ')} only`,
        'Remove it, or keep it outside content/runs',
      );
}

/**
 * Every problem of the entries below `dir` (content/, content/runs or one run folder). Names starting with a
 * dot (`.DS_Store`, `.gitkeep`) may sit in a run folder, since nothing reads them, but follow the other rules.
 */
export async function checkContentFiles(dir: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  // Plain system calls: at 10,000 runs this is 30,000 files, and an lstat through the thread pool each cost
  // three times the CPU (about 1 s per build, of a rebuild's 10).
  function walk(d: string): void {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return; // gone, or not a directory: the caller reports a missing path
    }
    const runFolder = entries.some((e) => e.name === 'run.json');
    for (const e of entries) {
      const full = join(d, e.name);
      if (runFolder && !RUN_FOLDER_FILES.has(e.name) && !e.name.startsWith('.')) {
        problems.push(strayProblem(full, e.name));
        continue;
      }
      if (e.isSymbolicLink()) problems.push(linkProblem(full));
      else if (e.isDirectory()) walk(full);
      else if (!e.isFile()) problems.push(specialProblem(full));
      else {
        let s;
        try {
          s = lstatSync(full);
        } catch {
          continue; // gone since the directory was read
        }
        if (s.nlink > 1) problems.push(namesProblem(full, s.nlink));
      }
    }
  }
  walk(dir);
  return problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/**
 * A content file's bytes and the stamp of the file they were read from (file-stamp.ts), or why it may not be
 * read; `missing` when there is no such file.
 */
export type ContentFile = { bytes: Buffer; stamp: string } | { problem: Problem } | { missing: true };

/**
 * Read a content file: only a regular file with one name is read. The link test is part of opening it
 * (O_NOFOLLOW), so a file replaced by a link after checkContentFiles is refused all the same.
 */
export async function readContentFile(file: string): Promise<ContentFile> {
  let fh;
  try {
    fh = await open(file, OPEN_FLAGS);
  } catch (e) {
    return openProblem(file, e);
  }
  try {
    const s = await fh.stat();
    return statProblem(file, s) ?? { bytes: await fh.readFile(), stamp: stampOf(s) };
  } finally {
    await fh.close();
  }
}

/**
 * readContentFile with plain system calls, for the site build's render workers: reading three files per run
 * of 10,000 through the thread pool (open, stat, read, close, each a round trip) cost more than the reading.
 */
export function readContentFileSync(file: string): ContentFile {
  let fd;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch (e) {
    return openProblem(file, e);
  }
  try {
    const s = fstatSync(fd);
    return statProblem(file, s) ?? { bytes: readFileSync(fd), stamp: stampOf(s) };
  } finally {
    closeSync(fd);
  }
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function openProblem(file: string, e: unknown): ContentFile {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { missing: true };
  if (code === 'ELOOP') return { problem: linkProblem(file) };
  return { problem: problem(file, '(file)', `cannot be read (${code})`, 'Check the file and its permissions') };
}

/** Why the file opened may not be read: not a regular file, or more than one name. */
function statProblem(file: string, s: Stats): ContentFile | undefined {
  if (s.isDirectory())
    return { problem: problem(file, '(file)', 'is a directory where a file belongs', 'Replace it with the file') };
  if (!s.isFile()) return { problem: specialProblem(file) };
  if (s.nlink > 1) return { problem: namesProblem(file, s.nlink) };
  return undefined;
}
