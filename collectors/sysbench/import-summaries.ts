// A directory of mytools sysbench summaries (qps.abs.*, qps.rel.*, o.met.*: an archived campaign whose raw
// outputs are gone) -> one run per column label, provenance `harness-summary`. Tests and metrics are named as
// harvest names them for a raw mytools directory, so archived and harvested runs share reports. The relative
// tables are not needed to import: each of their cells is checked against the absolute values, and every
// disagreement is reported. Pure.
import type { Meta, ResultRow, Test } from '../../src/schemas/index.ts';
import { noSysbenchThreads } from '../lib/messages.ts';
import { archiveRun, fullLabel, type ArchiveImport } from '../lib/archive-run.ts';
import type { HarvestedRun } from '../lib/harvested.ts';
import { decodeLabel } from '../lib/labels.ts';
import { printedRatio, ratioAgrees } from '../lib/printed-ratio.ts';
import { entryText, fileName, type RawEntry } from '../lib/raw-tree.ts';
import { parseOMet, type MetBlock } from './import-o-met.ts';
import { parseQpsCsv, parseQpsTsv, splitTestLabel, type QpsRow, type QpsTable } from './import-qps-abs.ts';
import { baseTestType, sysbenchTestName } from '../../src/benchmarks/sysbench.ts';
import { InputError } from '../lib/input-error.ts';

const QPS = /^qps\.(abs|rel)\.(.+)\.(tsv|csv)$/;

/** Files this importer reads or knowingly leaves (the hand-edited `.tsv.edit` copies). */
export function isSysbenchSummary(path: string): boolean {
  const n = fileName(path);
  return QPS.test(n) || /^qps\.(abs|rel)\..+\.tsv\.edit$/.test(n) || /^o\.met\./.test(n);
}

interface TestAcc {
  name: string;
  range?: number;
  primaryKey?: boolean;
  threads?: number;
  rows: Map<string, ResultRow & { source: string }>;
  files: Set<string>;
}

interface RunAcc {
  label: string;
  tests: Map<string, TestAcc>;
  files: Set<RawEntry>;
  threads: Set<number>;
  notes: string[];
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
  if (baseTestType(testType) === 'scan')
    return { metric: 'scan_krows_per_s', unit: 'Krows/s', op: 'krow', opUnit: 'Krow' };
  return { metric: 'qps', unit: 'queries/s', op: 'query', opUnit: 'query' };
}

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
  const runs = new Map<string, RunAcc>();
  const runOf = (label: string) => {
    let r = runs.get(label);
    if (!r) runs.set(label, (r = { label, tests: new Map(), files: new Set(), threads: new Set(), notes: [] }));
    return r;
  };
  const warn = (text: string, label?: string) => {
    result.warnings.push(text);
    if (label) runOf(label).notes.push(text);
  };
  const testOf = (label: string, name: string, t: Omit<TestAcc, 'name' | 'rows' | 'files'>) => {
    const run = runOf(label);
    let acc = run.tests.get(name);
    if (!acc) run.tests.set(name, (acc = { name, ...t, rows: new Map(), files: new Set() }));
    return acc;
  };
  const add = (label: string, test: TestAcc, row: ResultRow, source: string, printed = String(row.value)) => {
    const seen = test.rows.get(row.metric);
    if (!seen) test.rows.set(row.metric, { ...row, source });
    else if (seen.value !== row.value)
      warn(
        `${source}: ${test.name} ${row.metric} of ${label} is ${printed}, ${seen.source} says ${seen.value}; keeping ${seen.value}`,
        label,
      );
  };

  // qps.abs / qps.rel, by tag
  const tags = new Map<string, Partial<Record<'abs.tsv' | 'abs.csv' | 'rel.tsv' | 'rel.csv', RawEntry>>>();
  const mets: RawEntry[] = [];
  for (const e of entries) {
    const n = fileName(e.path);
    const m = QPS.exec(n);
    if (m) {
      const files = tags.get(m[2]!) ?? {};
      files[`${m[1]}.${m[3]}` as 'abs.tsv'] = e;
      tags.set(m[2]!, files);
    } else if (/^o\.met\./.test(n)) mets.push(e);
    else if (/\.tsv\.edit$/.test(n))
      result.skipped.push({
        path: e.path,
        reason: 'a hand edit of a summary table for a post (headings, shortened names): not read, the .tsv is',
      });
    else result.skipped.push({ path: e.path, reason: 'not a sysbench summary table' });
  }
  for (const [tag, f] of tags) {
    const abs = f['abs.tsv'];
    if (!abs) {
      for (const e of Object.values(f))
        result.skipped.push({
          path: e.path,
          reason: `qps.abs.${tag}.tsv is not beside it: it names the columns and holds the values the relative tables are checked against`,
        });
      continue;
    }
    const table = parseQpsTsv(entryText(abs), abs.path);
    const used = [abs];
    for (const row of table.rows) {
      const { testType, range } = splitTestLabel(row.test);
      const name = sysbenchTestName(testType, range);
      const rate = rateOf(testType, false);
      table.columns.forEach((label, k) => {
        const t = testOf(label, name, { range, primaryKey: decodeLabel(label).primaryKey });
        t.files.add(abs.path);
        add(
          label,
          t,
          { test: name, metric: rate.metric, value: row.values[k]!, unit: rate.unit },
          `${abs.path}:${row.line}`,
        );
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

  // o.met
  for (const e of mets) {
    const blocks = parseOMet(entryText(e), e.path);
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
        b.columns.forEach((col, k) => {
          const value = r.values[k]!;
          if (col === 'o/s')
            add(r.label, t, { test: name, metric: rate.metric, value, unit: rate.unit }, source, r.cells[k]);
          else if (MET_COLUMNS[col]) {
            const m = MET_COLUMNS[col]!;
            add(r.label, t, { test: name, metric: `${m.metric}_${rate.op}`, value, unit: m.unit(rate.opUnit) }, source);
          }
        });
        const cpu = b.columns.indexOf('cpu/o');
        const cpus = opts.meta?.cpus ?? opts.meta?.host?.cpus;
        if (cpu >= 0 && cpus)
          add(
            r.label,
            t,
            {
              test: name,
              metric: `cpu_us_per_${rate.op}`,
              value: r.values[cpu]! * cpus * 1e4,
              unit: `µs/${rate.opUnit}`,
            },
            source,
          );
      }
    }
  }

  const cpus = opts.meta?.cpus ?? opts.meta?.host?.cpus;
  for (const run of runs.values()) {
    if (run.tests.size === 0) continue;
    result.runs.push(runFrom(run, input, dir, cpus, opts));
  }
  return result;
}

/** The .csv copy must hold the .tsv's cells. */
function compareCopy(table: QpsTable, rows: QpsRow[], file: string, warn: (t: string) => void) {
  const byTest = new Map(table.rows.map((r) => [r.test, r]));
  for (const r of rows) {
    const t = byTest.get(r.test);
    if (!t) warn(`${file}:${r.line}: ${r.test} is not in ${table.file}`);
    else
      r.cells.forEach((c, k) => {
        if (c !== t.cells[k])
          warn(
            `${file}:${r.line}: ${r.test}, column ${k + 1} (${table.columns[k]}): ${c} here, ${t.cells[k]} in ${table.file}`,
          );
      });
  }
  if (rows.length !== table.rows.length) warn(`${file}: ${rows.length} tests, ${table.file} has ${table.rows.length}`);
}

/** Every cell of qps.rel against column / first column of qps.abs, to the printed precision. */
function checkRelative(abs: QpsTable, rel: QpsTable, warn: (t: string, label?: string) => void) {
  if (rel.base !== abs.columns[0])
    warn(`${rel.file}:1: relative to ${rel.base}, but the first column of ${abs.file} is ${abs.columns[0]}`);
  const others = abs.columns.slice(1);
  if (rel.columns.join('\n') !== others.join('\n'))
    warn(
      `${rel.file}: its columns (${rel.columns.join(', ')}) are not the other columns of ${abs.file} (${others.join(', ')})`,
    );
  const byTest = new Map(abs.rows.map((r) => [r.test, r]));
  for (const r of rel.rows) {
    const a = byTest.get(r.test);
    if (!a) {
      warn(`${rel.file}:${r.line}: ${r.test} is not in ${abs.file}`);
      continue;
    }
    r.cells.forEach((cell, k) => {
      const label = others[k];
      if (label === undefined) return;
      const other = a.values[k + 1]!;
      const base = a.values[0]!;
      if (!ratioAgrees(cell, other, base))
        warn(
          `${rel.file}:${r.line}: ${r.test}, column ${k + 1} (${label}): printed ${cell}, benchsite computes ${printedRatio(cell, other, base)} (${other} / ${base} from ${abs.file}:${a.line})`,
          label,
        );
    });
  }
}

/** The relative rows of an o.met block against its absolute rows. */
function checkMetRelative(b: MetBlock, file: string, warn: (t: string, label?: string) => void) {
  const base = b.absolute[0]!;
  b.relative.forEach((r, k) => {
    const a = b.absolute[k + 1];
    if (!a || a.label !== r.label) {
      warn(`${file}:${r.line}: ${b.name}: relative row ${r.label} has no absolute row in the same place`);
      return;
    }
    r.cells.forEach((cell, c) => {
      if (!ratioAgrees(cell, a.values[c]!, base.values[c]!))
        warn(
          `${file}:${r.line}: ${b.name}, ${b.columns[c]} of ${r.label}: printed ${cell}, benchsite computes ${printedRatio(cell, a.values[c]!, base.values[c]!)} (${a.cells[c]} / ${base.cells[c]})`,
          r.label,
        );
    });
  });
}

function runFrom(
  acc: RunAcc,
  input: string,
  dir: string,
  cpus: number | undefined,
  opts: { meta?: Meta; metaName?: string },
): HarvestedRun {
  const label = fullLabel(acc.label, opts.meta);
  const decoded = decodeLabel(label);
  const where = dir ? `${input}/${dir}` : input;
  // mytools archives keep each thread count's campaign in a dop<N> directory.
  const dop = /(?:^|\/)dop(\d+)(?:\/|$)/.exec(where)?.[1];
  const threads = acc.threads.size
    ? [...acc.threads].sort((a, b) => a - b)
    : dop
      ? [Number(dop)]
      : opts.meta?.sysbench?.threads;
  if (!threads?.length) throw new InputError(noSysbenchThreads(where, acc.label));
  const names = [...acc.tests.keys()].sort((a, b) => Number(b === 'prepare') - Number(a === 'prepare'));
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  for (const name of names) {
    const t = acc.tests.get(name)!;
    const params: Record<string, number | boolean> = {};
    if (t.range !== undefined) params.range = t.range;
    if (name !== 'prepare') params.threads = t.threads ?? threads[0]!;
    if (t.primaryKey !== undefined) params.primaryKey = t.primaryKey;
    tests.push({ name, status: 'ok', ...(Object.keys(params).length ? { params } : {}), rawFiles: [...t.files] });
    for (const { source: _s, ...row } of t.rows.values()) results.push(row);
  }
  const notes = [
    "read from the harness's summary tables (qps.abs, o.met): each value as the harness printed it; there is no latency, per-second series or vmstat/iostat sample",
    ...(cpus ? [`CPU µs per query uses ${cpus} CPUs from --meta`] : []),
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
      input: where,
      raw: [...acc.files].sort((a, b) => (a.path < b.path ? -1 : 1)),
      notes,
    },
    opts.meta,
    opts.metaName,
  );
}
