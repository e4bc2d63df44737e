// A directory of mytools sysbench summaries (qps.abs.*, qps.rel.*, o.met.*, and the met.*.txt of early 2024:
// an archived campaign whose raw outputs are gone) -> one run per column label and experiment, provenance
// `harness-summary`. Tests and metrics are named as harvest names them for a raw mytools directory, so archived
// and harvested runs share reports. The tables of one tag (qps.abs.<tag>.tsv and o.met.<tag>) are read
// together; tables of several tags are one experiment when they agree, else runs of their own
// (summary-experiments.ts). The relative tables are not needed to import: each of their cells is checked
// against the absolute values, and every disagreement is reported. Pure.
import type { Meta, ResultRow, Test } from '../../src/schemas/index.ts';
import { archiveRun, fullLabel, type ArchiveImport } from '../../collectors/lib/archive-run.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { entryText, fileName, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import { parseOMet } from './import-o-met.ts';
import { parseQpsCsv, parseQpsTsv, splitTestLabel, type QpsTable } from './import-qps-abs.ts';
import { baseTestType, sysbenchTestName } from './vocabulary.ts';
import { InputError } from '../../collectors/lib/input-error.ts';
import { KROWS_PER, NOT_RUN, metScanUnit, qpsScanUnit, scaled, type ScanUnit } from './scan-unit.ts';
import { checkMetRelative, checkRelative, compareCopy } from './summary-checks.ts';
import {
  experimentNames,
  experiments,
  sameValue,
  type RunAcc,
  type SourcedRow,
  type TestAcc,
} from './summary-experiments.ts';

const QPS = /^qps\.(abs|rel)\.(.+)\.(tsv|csv)$/;
/** `o.met.<tag>`, and `met.<tag>.txt` as the harness named it until early 2024. */
const MET = /^(?:o\.met\.(.+)|met\.(.+)\.txt)$/;

/** Files this importer reads or knowingly leaves (the hand-edited `.tsv.edit` copies). */
export function isSysbenchSummary(path: string): boolean {
  const n = fileName(path);
  return QPS.test(n) || /^qps\.(abs|rel)\..+\.tsv\.edit$/.test(n) || MET.test(n);
}

/** What o.met's columns are, under the names harvest gives sb.met's (`<metric>_per_<op>`). */
const MET_COLUMNS: Record<string, { metric: string; unit: (op: string) => string }> = {
  'cpu/o': { metric: 'cpu_per', unit: (op) => `cpu%/(${op}/s)` },
  'cs/o': { metric: 'cs_per', unit: (op) => `switches/${op}` },
  'r/o': { metric: 'reads_per', unit: (op) => `reads/${op}` },
  'rKB/o': { metric: 'rkb_per', unit: (op) => `KB/${op}` },
  'wKB/o': { metric: 'wkb_per', unit: (op) => `KB/${op}` },
};

/** The rate a test is measured by: QPS, thousands of rows scanned per second for scan, rows/s for the load. */
function rateOf(testType: string, prepare: boolean): { metric: string; unit: string; op: string; opUnit: string } {
  if (prepare) return { metric: 'inserts_per_s', unit: 'rows/s', op: 'row', opUnit: 'row' };
  if (isScan(testType)) return { metric: 'scan_krows_per_s', unit: 'Krows/s', op: 'krow', opUnit: 'Krow' };
  return { metric: 'qps', unit: 'queries/s', op: 'query', opUnit: 'query' };
}

const isScan = (testType: string) => baseTestType(testType) === 'scan';

/** The summary files of one tag. */
interface TagFiles {
  'abs.tsv'?: RawEntry;
  'abs.csv'?: RawEntry;
  'rel.tsv'?: RawEntry;
  'rel.csv'?: RawEntry;
  met: RawEntry[];
}

type Warn = (text: string, label?: string) => void;

/**
 * The runs of one directory's summary files (paths relative to the input). Throws with file and line when a
 * table is malformed; disagreements between tables are warnings (and notes on the runs they concern).
 */
export function importSysbenchSummaries(
  input: string,
  dir: string,
  entries: RawEntry[],
  opts: { meta?: Meta; metaName?: string },
): ArchiveImport {
  const result: ArchiveImport = { runs: [], skipped: [], warnings: [] };
  const tags = new Map<string, TagFiles>();
  const tagOf = (t: string) => tags.get(t) ?? (tags.set(t, { met: [] }), tags.get(t)!);
  for (const e of entries) {
    const n = fileName(e.path);
    let m: RegExpExecArray | null;
    if ((m = QPS.exec(n))) tagOf(m[2]!)[`${m[1]}.${m[3]}` as 'abs.tsv'] = e;
    else if ((m = MET.exec(n))) tagOf(m[1] ?? m[2]!).met.push(e);
    else if (/\.tsv\.edit$/.test(n))
      result.skipped.push({
        path: e.path,
        reason: 'a hand edit of a summary table for a post (headings, shortened names): not read, the .tsv is',
      });
    else result.skipped.push({ path: e.path, reason: 'not a sysbench summary table' });
  }
  const cpus = opts.meta?.cpus ?? opts.meta?.host?.cpus;
  // Every qps.abs table first: its scan rates decide the unit of o.met's, of its tag or of another tag's.
  const tables = new Map<string, QpsTable>();
  const scans: ScanRates = new Map();
  for (const [tag, f] of tags) {
    const abs = f['abs.tsv'];
    if (!abs) continue;
    const table = parseQpsTsv(entryText(abs), abs.path);
    tables.set(tag, table);
    for (const row of table.rows) {
      const { testType, range } = splitTestLabel(row.test);
      const unit = isScan(testType) ? qpsScanUnit(row.cells) : undefined;
      if (unit)
        table.columns.forEach((label, k) => {
          if (unit === 'Mrows/s' && row.cells[k] === '0') return;
          const key = `${label}\u0000${sysbenchTestName(testType, range)}`;
          const krows = scaled(row.values[k]!, KROWS_PER[unit]);
          scans.set(key, [...(scans.get(key) ?? []), { krows, unit, tag }]);
        });
    }
  }
  const read: Array<[string, Map<string, RunAcc>]> = [];
  for (const [tag, f] of tags) {
    const runs = readTag(tag, f, result, { cpus, table: tables.get(tag), scans });
    if (runs.size) read.push([tag, runs]);
  }
  const list = experiments(read, (tag, other, why) =>
    result.warnings.push(
      `${where(input, dir)}: the tables of ${tag} and of ${other} are different experiments (${why}): their runs are kept apart`,
    ),
  );
  const names = experimentNames(list);
  list.forEach((e, k) => {
    for (const run of e.runs.values()) {
      if (run.tests.size === 0) continue;
      const experiment = list.length > 1 ? { name: names[k]!, tags: e.tags, of: list.length } : undefined;
      result.runs.push(runFrom(run, input, dir, cpus, opts, experiment));
    }
  });
  return result;
}

const where = (input: string, dir: string) => (dir ? `${input}/${dir}` : input);

/** The runs one tag's tables give (qps.abs and its copies, o.met), each cell with the file and line it is from. */
/** The scan rates of every qps.abs table of a folder in Krows/s, by label and test, with their tag. */
type ScanRates = Map<string, Array<{ krows: number; unit: ScanUnit; tag: string }>>;

function readTag(
  tag: string,
  f: TagFiles,
  result: ArchiveImport,
  given: { cpus?: number; table?: QpsTable; scans: ScanRates },
): Map<string, RunAcc> {
  const { cpus, scans } = given;
  const runs = new Map<string, RunAcc>();
  const runOf = (label: string) => {
    let r = runs.get(label);
    if (!r) runs.set(label, (r = { label, tests: new Map(), files: new Set(), threads: new Set(), notes: [] }));
    return r;
  };
  const warn: Warn = (text, label) => {
    result.warnings.push(text);
    if (label) runOf(label).notes.push(text);
  };
  const testOf = (label: string, name: string, t: Omit<TestAcc, 'name' | 'rows' | 'files'>) => {
    const run = runOf(label);
    let acc = run.tests.get(name);
    if (!acc) run.tests.set(name, (acc = { name, ...t, rows: new Map(), files: new Set() }));
    return acc;
  };
  const add = (label: string, test: TestAcc, row: SourcedRow, printed = String(row.value)) => {
    const seen = test.rows.get(row.metric);
    if (!seen) test.rows.set(row.metric, row);
    else if (!sameValue(seen, row))
      warn(
        `${row.source}: ${test.name} ${row.metric} of ${label} is ${printed}, ${seen.source} says ${seen.value}; keeping ${seen.value}`,
        label,
      );
  };
  const abs = f['abs.tsv'];
  if (!abs) {
    for (const kind of ['abs.csv', 'rel.tsv', 'rel.csv'] as const)
      if (f[kind])
        result.skipped.push({
          path: f[kind].path,
          reason: `qps.abs.${tag}.tsv is not beside it: it names the columns and holds the values the relative tables are checked against`,
        });
  } else {
    const table = given.table!;
    const used = [abs];
    for (const row of table.rows) {
      const { testType, range } = splitTestLabel(row.test);
      const name = sysbenchTestName(testType, range);
      const rate = rateOf(testType, false);
      const unit = isScan(testType) ? qpsScanUnit(row.cells) : undefined;
      table.columns.forEach((label, k) => {
        const t = testOf(label, name, { range, primaryKey: decodeLabel(label).primaryKey });
        t.files.add(abs.path);
        const source = `${abs.path}:${row.line}`;
        const cell = row.cells[k]!;
        if (!isScan(testType))
          return add(label, t, { test: name, metric: rate.metric, value: row.values[k]!, unit: rate.unit, source });
        // A scan rate is published only in a unit its printing decides (scan-unit.ts).
        if (!unit)
          return warn(
            `${source}: ${name} of ${label} is printed ${JSON.stringify(cell)} in a row printed neither %.3f (Mrows/s) nor %.0f (Krows/s): its unit cannot be decided, so it is left out`,
            label,
          );
        if (unit === 'Mrows/s' && cell === '0')
          return warn(`${source}: ${name} of ${label} is 0: ${NOT_RUN}; left out`, label);
        const krows = scaled(row.values[k]!, KROWS_PER[unit]);
        if (unit !== 'Krows/s') runOf(label).notes.push(scanNote(abs.path, name, unit));
        add(label, t, { test: name, metric: rate.metric, value: krows, unit: rate.unit, source, tolerance: 0.5 });
      });
    }
    const csv = f['abs.csv'];
    if (csv) {
      used.push(csv);
      compareCopy(table, parseQpsCsv(entryText(csv), csv.path, table.columns.length), csv.path, warn);
    }
    for (const kind of ['rel.tsv', 'rel.csv'] as const) {
      const e = f[kind];
      if (!e) continue;
      used.push(e);
      const rel =
        kind === 'rel.tsv'
          ? parseQpsTsv(entryText(e), e.path)
          : {
              file: e.path,
              base: table.columns[0],
              columns: table.columns.slice(1),
              rows: parseQpsCsv(entryText(e), e.path, table.columns.length - 1),
            };
      checkRelative(table, rel, warn);
    }
    for (const label of table.columns) for (const e of used) runOf(label).files.add(e);
  }

  for (const e of f.met) {
    const blocks = parseOMet(entryText(e), e.path);
    // The unit of each scan o/s its qps.abs value decides; run.sh printed every sb.met of a campaign alike, so
    // a scan block without one (scan.warmpre, which qps.abs leaves out) has the unit the others agree on.
    const decided = new Map<string, ScanUnit | undefined>();
    for (const b of blocks)
      if (!b.prepare && isScan(b.testType))
        for (const r of b.absolute) {
          const os = b.columns.indexOf('o/s');
          // Its own tag's qps.abs first; another tag's of the same label and test when its own has none.
          const qs = [...(scans.get(`${r.label}\u0000${sysbenchTestName(b.testType, b.range)}`) ?? [])].sort(
            (x, y) => Number(y.tag === tag) - Number(x.tag === tag),
          );
          if (os >= 0 && qs.length)
            decided.set(
              `${r.line}`,
              qs.map((q) => metScanUnit(r.values[os]!, q.krows, q.unit)).find((u) => u),
            );
        }
    const units = new Set([...decided.values()].filter((u) => u));
    const fileUnit = units.size === 1 ? [...units][0] : undefined;
    for (const b of blocks) {
      checkMetRelative(b, e.path, warn);
      const rate = rateOf(b.testType, b.prepare);
      const name = b.prepare ? 'prepare' : sysbenchTestName(b.testType, b.range);
      for (const r of b.absolute) {
        const run = runOf(r.label);
        run.files.add(e);
        if (b.threads !== undefined) run.threads.add(b.threads);
        const t = testOf(
          r.label,
          name,
          b.prepare ? {} : { range: b.range, primaryKey: b.primaryKey, threads: b.threads },
        );
        t.files.add(e.path);
        const source = `${e.path}:${r.line}`;
        // Per-operation cells of a scan are per the unit of its o/s: Krows (as harvest names them) or rows.
        let perKrow = 1;
        if (!b.prepare && isScan(b.testType)) {
          // A row its qps.abs value does not decide (a value that disagrees) has the unit of the file's others.
          const unit = decided.get(`${r.line}`) ?? fileUnit;
          if (!unit) {
            warn(
              `${source}: ${name} of ${r.label}: the unit of its o/s (rows/s until the harness changed it in 2024-07, Krows/s since) cannot be decided: no scan rate of a qps.abs table beside it agrees with it under a power of 1000, so its rate and per-operation costs are left out`,
              r.label,
            );
            continue;
          }
          if (unit !== 'Krows/s') run.notes.push(scanNote(e.path, name, unit));
          perKrow = 1 / KROWS_PER[unit];
        }
        const cpu = b.columns.indexOf('cpu/o');
        b.columns.forEach((col, k) => {
          const value = r.values[k]!;
          if (col === 'o/s') {
            const v = scaled(value, 1 / perKrow);
            add(
              r.label,
              t,
              { test: name, metric: rate.metric, value: v, unit: rate.unit, source, tolerance: 0.5 / perKrow },
              r.cells[k],
            );
          } else if (MET_COLUMNS[col]) {
            const m = MET_COLUMNS[col]!;
            const row = {
              test: name,
              metric: `${m.metric}_${rate.op}`,
              value: scaled(value, perKrow),
              unit: m.unit(rate.opUnit),
            };
            add(r.label, t, { ...row, source });
          }
        });
        // CPU per operation as a time, when --meta gives the CPU count (sb.met's cpu/o is (us+sy)/rate).
        if (cpu >= 0 && cpus)
          add(r.label, t, {
            test: name,
            metric: `cpu_us_per_${rate.op}`,
            value: scaled(r.values[cpu]!, perKrow) * cpus * 1e4,
            unit: `µs/${rate.opUnit}`,
            source,
          });
      }
    }
  }
  return runs;
}

/** The note of a scan rate read in another unit than benchsite's Krows/s. */
function scanNote(file: string, test: string, unit: ScanUnit): string {
  return unit === 'Mrows/s'
    ? `${file}: ${test} is printed in millions of rows per second (%.3f, as the harness did from 2021 to 2025-03): converted to Krows/s`
    : `${file}: ${test} o/s is in rows per second (as the harness printed it until 2024-07), its per-operation costs per row: converted to Krows/s and per Krow`;
}

function runFrom(
  acc: RunAcc,
  input: string,
  dir: string,
  cpus: number | undefined,
  opts: { meta?: Meta; metaName?: string },
  experiment?: { name: string; tags: string[]; of: number },
): HarvestedRun {
  const full = fullLabel(acc.label, opts.meta);
  const decoded = decodeLabel(full);
  const label = experiment ? `${full}+${experiment.name}` : full;
  const at = where(input, dir);
  // mytools archives keep each thread count's campaign in a dop<N> directory, or a tag naming it.
  const dop =
    /(?:^|\/)dop(\d+)(?:\/|$)/.exec(at)?.[1] ??
    (experiment?.tags.length === 1 ? /(?:^|\.)dop(\d+)(?:\.|$)/.exec(experiment.tags[0]!)?.[1] : undefined);
  const threads = acc.threads.size
    ? [...acc.threads].sort((a, b) => a - b)
    : dop
      ? [Number(dop)]
      : opts.meta?.sysbench?.threads;
  if (!threads?.length)
    throw new InputError(
      `${at}: the tables of ${acc.label} do not say how many client threads ran (no o.met, no dop<N> directory): pass --meta with "sysbench: { threads: [N] }"`,
    );
  const names = [...acc.tests.keys()].sort((a, b) => Number(b === 'prepare') - Number(a === 'prepare'));
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  for (const name of names) {
    const t = acc.tests.get(name)!;
    const params: Record<string, number | boolean> = {};
    if (t.range !== undefined) params.range = t.range;
    if (name !== 'prepare') params.threads = t.threads ?? threads[0]!;
    if (t.primaryKey !== undefined) params.primaryKey = t.primaryKey;
    // The qps.abs tables first, then the o.met files (each in the order found).
    const rawFiles = [...t.files].sort((a, b) => Number(MET.test(fileName(a))) - Number(MET.test(fileName(b))));
    tests.push({ name, status: 'ok', ...(Object.keys(params).length ? { params } : {}), rawFiles });
    for (const { source: _s, tolerance: _t, ...row } of t.rows.values()) results.push(row);
  }
  const notes = [
    "read from the harness's summary tables (qps.abs, o.met): each value as the harness printed it; there is no latency, per-second series or vmstat/iostat sample",
    ...(cpus ? [`CPU µs per query uses ${cpus} CPUs from --meta`] : []),
    ...(experiment
      ? [
          `one of ${experiment.of} experiments of this folder whose tables share build labels but not their numbers: this run is of the tables tagged ${experiment.tags.join(', ')} (label suffix +${experiment.name})`,
        ]
      : []),
    ...acc.notes,
  ];
  return archiveRun(
    {
      benchmark: 'sysbench',
      label,
      shortName: decoded.short ?? decoded.buildName ?? acc.label,
      decoded,
      workload: { kind: 'sysbench', threads, luaScripts: 'mytools', primaryKey: decoded.primaryKey },
      tests,
      results,
      source: 'harness-summary',
      format: 'mytools-sysbench-summary',
      input: at,
      raw: [...acc.files].sort((a, b) => (a.path < b.path ? -1 : 1)),
      notes,
    },
    opts.meta,
    opts.metaName,
  );
}
