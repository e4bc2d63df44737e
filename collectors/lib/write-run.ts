// Writing a harvested run under content/runs: made publishable first (publishable.ts: secrets redacted in
// run.json and the raw files, long strings cut), validated, then placed and written holding the runs folder's
// lock (content-lock.ts), so commands running at once never take one repeat number or write one folder. A run
// folder appears or is replaced whole (run-install.ts): a stop at any point leaves the old run or the new one.
// Unchanged files are left alone, so harvesting the same raw files twice changes nothing; other raw files under
// an existing id are a repeat, kept beside it.
import { readdirSync } from 'node:fs';
import { readFile, rename, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runId } from '../../src/runs/run-id.ts';
import { validateRunData } from '../../src/runs/validate-run.ts';
import { RUN_FOLDER_FILES } from '../../src/runs/validate-files.ts';
import { formatZodIssues, jsonPath } from '../../src/runs/problems.ts';
import { parseSeriesFile } from '../../src/runs/parse-series-file.ts';
import { formatJson } from '../../src/runs/format-json.ts';
import type { Run } from '../../src/schemas/index.ts';
import type { HarvestedRun } from './harvested.ts';
import { withNoiseRows } from './noise-rows.ts';
import { publishableRun, publishableSeries } from './publishable.ts';
import { cleanNames } from './clean-names.ts';
import { archiveSha256, rawArchive } from './raw-archive.ts';
import { seriesJsonBytes } from './series-json.ts';
import { withContentLock } from './content-lock.ts';
import { finishInterrupted, installRun, stageRun } from './run-install.ts';

export { ARCHIVE_CHUNK, archiveLevelFor, FAST_ARCHIVE_BYTES, rawArchive } from './raw-archive.ts';

export interface WrittenRun {
  id: string;
  dir: string;
  /**
   * `written` when any file changed, `unchanged` when all were already identical; `repeat` when a run with
   * this id and other raw files exists, so this one was kept beside it as repeat `repeat` (id `<id>~<n>`);
   * `replaced` when `replace` wrote it over such a run.
   */
  status: 'written' | 'unchanged' | 'repeat' | 'replaced';
  /** For `repeat`: the id of the first run it repeats, and its number. */
  repeatOf?: string;
  repeat?: number;
}

/** The line a command prints for a written run: what happened, the run.json, and for a repeat what it repeats. */
export function writtenLine(w: WrittenRun, shownDir: string): string {
  const file = `${shownDir}/run.json`;
  switch (w.status) {
    case 'written':
      return `wrote     ${file}`;
    case 'unchanged':
      return `unchanged ${file}`;
    case 'replaced':
      return `replaced  ${file} (--replace: its earlier raw files are gone from content/, not from where they came from)`;
    case 'repeat':
      return `repeat    ${file} (repeat ${w.repeat} of ${w.repeatOf}: same id, other raw files; both are kept. --replace writes over ${w.repeatOf} instead)`;
  }
}

/** What makes two runs of one id the same run: the path and sha256 of each raw file they were harvested from. */
function rawKey(files: { path: string; sha256: string }[]): string {
  return files
    .map((f) => `${f.path}\u0000${f.sha256}`)
    .sort()
    .join('\n');
}

/**
 * A folder an older benchsite began and never finished (no run.json; nothing but run files and its temp
 * files): its name is free, and a run written there replaces it.
 */
function isOrphan(dir: string): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  return (
    !names.includes('run.json') &&
    names.every((n) => RUN_FOLDER_FILES.has(n) || n === 'charts.html' || n.startsWith('.') || /\.tmp-\d+-/.test(n))
  );
}

/**
 * Where a run goes: the folder of the run of its id (or of a repeat of it) harvested from the same raw files,
 * else the next repeat number, else (with `replace`) the first run's folder. Runs of an id are `<id>` and
 * `<id>~<n>` (docs/harvest.md: repeats).
 */
async function placeRun(
  out: string,
  firstId: string,
  key: string,
  replace: boolean,
): Promise<{ repeat?: number; existing: boolean; replaced: boolean }> {
  const slash = firstId.lastIndexOf('/');
  const parent = join(out, firstId.slice(0, slash));
  const name = firstId.slice(slash + 1);
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const numbers: number[] = [];
  for (const n of names) {
    let k: number | undefined;
    if (n === name) k = 1;
    else if (n.startsWith(`${name}~`) && /^\d+$/.test(n.slice(name.length + 1))) k = Number(n.slice(name.length + 1));
    if (k !== undefined && !isOrphan(join(parent, n))) numbers.push(k);
  }
  numbers.sort((a, b) => a - b);
  for (const n of numbers) {
    const dir = join(parent, n === 1 ? name : `${name}~${n}`);
    let files: { path: string; sha256: string }[] | undefined;
    try {
      files = JSON.parse(await readFile(join(dir, 'run.json'), 'utf8'))?.provenance?.rawFiles;
    } catch {
      files = undefined; // unreadable: not the same run
    }
    if (Array.isArray(files) && rawKey(files) === key)
      return { repeat: n === 1 ? undefined : n, existing: true, replaced: false };
  }
  if (!numbers.length) return { existing: false, replaced: false };
  if (replace) return { existing: true, replaced: true };
  return { repeat: numbers.at(-1)! + 1, existing: false, replaced: false };
}

/** Write one file atomically unless it already holds these bytes. Returns whether it wrote. */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<boolean> {
  const bytes =
    typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  try {
    const old = await readFile(path);
    if (old.equals(bytes)) return false;
  } catch {
    // not there yet
  }
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  return true;
}

/**
 * A run made ready to write, by pure CPU work that may run on a worker thread: raw files redacted and archived,
 * series checked and formatted, run.json's content made publishable. Only where it goes (its repeat number,
 * which depends on the runs already in `out`) is left to commitRun.
 */
export interface PreparedRun {
  /** The harvested run (after redaction of its raw files), without its repeat number yet. */
  run: Run;
  /** run.json's content before its repeat number: noise rows added, publishable, the archive described. */
  published: Run;
  /** The id of the first run of this id (no repeat number). */
  firstId: string;
  /** What makes two runs of one id the same run (rawKey of its raw files, after redaction). */
  rawKey: string;
  /** series.json (UTF-8), or undefined when the run has no series. Bytes, so a worker can move them, not copy. */
  series?: Uint8Array;
  archive: Uint8Array;
}

/**
 * Harvested series that do not validate: said of the raw files they were read from and of the series by name
 * (its test, its name, the field), not of a series.json that was never written.
 */
function seriesError(h: HarvestedRun, issues: Parameters<typeof formatZodIssues>[1]): Error {
  const raw = h.run.provenance.rawFiles.map((f) => f.path);
  const from = raw.length === 1 ? raw[0]! : `the ${raw.length} raw files of ${h.run.label}`;
  const lines = formatZodIssues(from, issues).map((p, i) => {
    const [, test, k, ...field] = issues[i]!.path;
    const series = typeof test === 'string' && typeof k === 'number' ? h.series.tests[test]?.[k] : undefined;
    const where = series
      ? `series ${JSON.stringify(series.name)} of test ${JSON.stringify(test)}${field.length ? `, ${jsonPath(field)}` : ''}`
      : p.where;
    return `  ${from}: ${where}: ${p.message} (as read from that input). Check the file; benchsite writes no run from it`;
  });
  return new Error(`not written, the harvested series do not validate:\n${lines.join('\n')}`);
}

/**
 * Everything of writing a run that does not touch the disk. Throws (with every problem) when its series do
 * not validate. `archiving` is the run's raw archive when already being made (rawArchive).
 */
export async function prepareRun(
  h: HarvestedRun,
  _out: string, // (where it goes matters only to commitRun)
  opts: { archiveLevel?: number; archiving?: Promise<Uint8Array> } = {},
): Promise<PreparedRun> {
  cleanNames(h);
  const firstId = runId({ ...h.run, repeat: undefined });
  // Compressing runs on the thread pool while this thread checks the series.
  const archiving = opts.archiving ?? rawArchive(h, opts.archiveLevel);
  archiving.catch(() => {}); // awaited below; a series problem may throw first
  const hasSeries = Object.keys(h.series.tests).length > 0;
  let series: Uint8Array | undefined;
  if (hasSeries) {
    const s = parseSeriesFile(h.series);
    if (!s.success) throw seriesError(h, s.error.issues);
    series = seriesJsonBytes(publishableSeries(h.series));
  }
  const archive = await archiving;
  // The raw files' sha256 are final once the archive is made (it redacts them first).
  const published = publishableRun(withNoiseRows(h.run, h.series));
  published.provenance.rawArchive = { location: 'raw.tar.gz', bytes: archive.length, sha256: archiveSha256(archive) };
  return { run: h.run, published, firstId, rawKey: rawKey(h.run.provenance.rawFiles), series, archive };
}

/** Whether the folder holds exactly these files with these bytes (dot files aside). */
async function holds(dir: string, files: Array<[string, Uint8Array]>): Promise<boolean> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => !n.startsWith('.'));
  } catch {
    return false;
  }
  if (names.length !== files.length) return false;
  for (const [name, bytes] of files) {
    const old = await readFile(join(dir, name)).catch(() => undefined);
    if (!old?.equals(bytes)) return false;
  }
  return true;
}

/** Throw, listing every problem, unless the run validates at `id`. */
function mustValidate(out: string, id: string, run: Run): void {
  const checked = validateRunData(join(out, id, 'run.json'), run, id);
  if (checked.problems.length) {
    throw new Error(
      `not written, the harvested run does not validate:\n${checked.problems.map((x) => `  ${x.text}`).join('\n')}`,
    );
  }
}

/**
 * Write a prepared run to `<out>/<id>/`: its place (a repeat or not), then run.json validated, then the folder
 * put in place whole. Throws (writing nothing) when the run does not validate, listing every problem.
 */
export async function commitRun(p: PreparedRun, out: string, opts: { replace?: boolean } = {}): Promise<WrittenRun> {
  mustValidate(out, p.firstId, { ...p.published, repeat: undefined }); // before the lock: a bad run waits for nothing
  return withContentLock(out, async () => {
    for (const note of finishInterrupted(out)) console.error(`note: ${note}`);
    const place = await placeRun(out, p.firstId, p.rawKey, !!opts.replace);
    // Set as harvesting set it before the run was published: the key comes last in both, where it was not there.
    p.run.repeat = place.repeat;
    p.published.repeat = place.repeat;
    const id = runId(p.run);
    const dir = join(out, id);
    mustValidate(out, id, p.published);
    const files: Array<[string, Uint8Array]> = [['raw.tar.gz', p.archive]];
    if (p.series !== undefined) files.push(['series.json', p.series]);
    files.push(['run.json', Buffer.from(formatJson(p.published))]);
    if (place.existing && !place.replaced && (await holds(dir, files))) return { id, dir, status: 'unchanged' };
    installRun(out, id, stageRun(out, files));
    if (place.replaced) return { id, dir, status: 'replaced' };
    if (place.repeat && !place.existing)
      return { id, dir, status: 'repeat', repeatOf: p.firstId, repeat: place.repeat };
    return { id, dir, status: 'written' };
  });
}

/**
 * Validate and write one run to `<out>/<id>/`. Throws (writing nothing) when the run does not validate,
 * listing every problem.
 */
export async function writeHarvestedRun(
  h: HarvestedRun,
  out: string,
  opts: { archiveLevel?: number; archiving?: Promise<Uint8Array>; replace?: boolean } = {},
): Promise<WrittenRun> {
  return commitRun(await prepareRun(h, out, opts), out, opts);
}

/**
 * Write runs one after another, each run's archive already compressing while the run before it is written,
 * so the thread pool is never idle while this thread checks the series. `done` hears of every run, written
 * or refused: one bad run does not stop the others.
 */
export async function writeHarvestedRuns(
  runs: HarvestedRun[],
  out: string,
  done: (h: HarvestedRun, r: { written: WrittenRun } | { error: Error }) => void,
  opts: { archiveLevel?: number; replace?: boolean } = {},
): Promise<void> {
  const start = (h: HarvestedRun | undefined) => {
    if (!h) return undefined;
    const p = rawArchive(h, opts.archiveLevel);
    p.catch(() => {}); // handled where it is awaited
    return p;
  };
  let next = start(runs[0]);
  for (let i = 0; i < runs.length; i++) {
    const archiving = next!;
    next = start(runs[i + 1]);
    let result: { written: WrittenRun } | { error: Error };
    try {
      result = { written: await writeHarvestedRun(runs[i]!, out, { archiving, replace: opts.replace }) };
    } catch (e) {
      result = { error: e as Error };
    }
    done(runs[i]!, result);
  }
}
