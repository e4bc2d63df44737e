// The checks of one run folder (run.json, series.json, raw.tar.gz), shared by `benchsite validate` and the site
// build, so the build refuses exactly what validate refuses: the run store checks run.json
// (checkRunJson), each run page is rendered from the series and archive that checkSeries and checkArchive
// accept. Every file is read with readContentFile (validate-files.ts); run.json names no other file.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { RAW_ARCHIVE_FILE, type Run, type SeriesFile } from '../schemas/index.ts';
import { problem, type Problem } from './problems.ts';
import { readContentFile, type ContentFile } from './validate-files.ts';
import { scanSeriesFile } from './scan-series.ts';
import { checkSeriesData, validateRunText, validateSeriesText } from './validate-run.ts';

const decoder = new TextDecoder();

/** run.json of a run folder, checked with RunSchema and against its id (its path under content/runs). */
export async function checkRunJson(
  file: string,
  id: string,
): Promise<{ run?: Run; text?: string; problems: Problem[] }> {
  return checkRunJsonFile(file, id, await readContentFile(file));
}

/** checkRunJson of the file as read already (readContentFile or readContentFileSync). */
export function checkRunJsonFile(
  file: string,
  id: string,
  read: ContentFile,
): { run?: Run; problems: Problem[]; parsed?: unknown } {
  if ('missing' in read) return { problems: [problem(file, '(file)', 'is missing', 'Give a run.json')] };
  if ('problem' in read) return { problems: [read.problem] };
  return validateRunText(file, decoder.decode(read.bytes), id);
}

/**
 * A run.json the run store of this build has checked already (the file's stamp is unchanged since), read
 * by the site's pages: parsed, not checked again. Its problem when it can no longer be read.
 */
export function checkedRunJson(file: string, read: ContentFile): { run: Run } | { problems: Problem[] } {
  if (!('bytes' in read))
    return {
      problems: 'problem' in read ? [read.problem] : [problem(file, '(file)', 'is missing', 'Give a run.json')],
    };
  return { run: JSON.parse(decoder.decode(read.bytes)) as Run };
}

/**
 * A run.json as a page of the site reads it, checked with RunSchema once in this build: when the bytes read are
 * those the run store validated (`validated`, the stamp of the file it read: file-stamp.ts) they are only
 * parsed; any other bytes (the file changed since, or the loader never saw it) are checked here, so a page never
 * shows a run that no check saw, and no run is checked twice.
 */
export function runForSite(
  file: string,
  id: string,
  read: ContentFile,
  validated: string | undefined,
): { run: Run } | { problems: Problem[] } {
  if ('bytes' in read && validated !== undefined && read.stamp === validated) return checkedRunJson(file, read);
  const checked = checkRunJsonFile(file, id, read);
  return checked.run ? { run: checked.run } : { problems: checked.problems };
}

/**
 * series.json beside a run, checked with the series schema and against the run's tests. `bytes` are the file's
 * (when the caller read it already); none when the run has no series.
 */
export async function checkSeries(
  runDir: string,
  run: Run,
  bytes?: Buffer,
): Promise<{ series?: SeriesFile; problems: Problem[] }> {
  const file = join(runDir, 'series.json');
  let data = bytes;
  if (!data) {
    const read = await readContentFile(file);
    if ('problem' in read) return { problems: [read.problem] };
    if ('missing' in read) {
      return run.tests.some((t) => t.series?.length)
        ? {
            problems: [
              problem(
                file,
                '(file)',
                'missing, but run.json names series',
                'Re-run benchsite harvest on the raw files',
              ),
            ],
          }
        : { problems: [] };
    }
    data = read.bytes;
  }
  // The scanner reads most files; any other is parsed and checked as before, for the same messages.
  const scanned = scanSeriesFile(data);
  return scanned ? checkSeriesData(file, scanned, run) : validateSeriesText(file, decoder.decode(data), run);
}

const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * raw.tar.gz beside a run: present exactly when run.json says the archive is here (`rawArchive.location` is
 * `raw.tar.gz`), and then the bytes run.json names (size and sha256). Returns those bytes for the build to
 * publish: the bytes it checked, not the file read again.
 */
async function checkArchive(runDir: string, run: Run): Promise<{ bytes?: Buffer; problems: Problem[] }> {
  return checkArchiveFile(join(runDir, RAW_ARCHIVE_FILE), run, await readContentFile(join(runDir, RAW_ARCHIVE_FILE)));
}

/** checkArchive of the file as read already (readContentFile or readContentFileSync). */
export function checkArchiveFile(file: string, run: Run, read: ContentFile): { bytes?: Buffer; problems: Problem[] } {
  const archive = run.provenance.rawArchive;
  if ('problem' in read) return { problems: [read.problem] };
  const here = archive?.location === RAW_ARCHIVE_FILE;
  if ('missing' in read) {
    return here
      ? {
          problems: [
            problem(
              file,
              '(file)',
              'missing, but run.json names it (provenance.rawArchive)',
              'Restore the archive, or re-run benchsite harvest on the raw files',
            ),
          ],
        }
      : { problems: [] };
  }
  if (!here) {
    return {
      problems: [
        problem(
          file,
          '(file)',
          archive
            ? `is here, but run.json says the archive is at ${archive.location} (provenance.rawArchive.location)`
            : 'is here, but run.json names no archive (provenance.rawArchive)',
          'Remove the file, or re-run benchsite harvest on the raw files',
        ),
      ],
    };
  }
  if (read.bytes.length !== archive.bytes || sha256Hex(read.bytes) !== archive.sha256) {
    return {
      problems: [
        problem(
          file,
          '(file)',
          'does not match the size or sha256 that run.json names (provenance.rawArchive)',
          'Restore the archive from git, or re-run benchsite harvest on the raw files',
        ),
      ],
    };
  }
  return { bytes: read.bytes, problems: [] };
}

/** Every problem of a run folder, given its run.json and id. */
export async function checkRunFolder(file: string, id: string): Promise<Problem[]> {
  const { run, problems } = await checkRunJson(file, id);
  if (!run) return problems;
  const runDir = join(file, '..');
  const [series, archive] = await Promise.all([checkSeries(runDir, run), checkArchive(runDir, run)]);
  return [...problems, ...series.problems, ...archive.problems];
}
