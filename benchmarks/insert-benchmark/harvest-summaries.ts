// Trees that hold only the Insert Benchmark harness's summaries (as mytools' bench/results archives do):
// every `o.sum.t.<dir>` (etl.sh) and `mrg.<step>` (mrg3.sh) row becomes a step of the run of its tag, with every
// column of the table under its mytools name (the current 21, or an older etl.sh's set); a column benchsite
// does not know is a note, never dropped silently. `rel.*` tables are derived and are not read.
import type { Meta, ResultRow, Test } from '../../src/schemas/index.ts';
import { parseStepName, sortSteps, summaryColumnMetric } from './vocabulary.ts';
import { assembleRun, runDate, runHostName } from '../../collectors/lib/assemble-run.ts';
import type { HarvestedRun, HarvestResult } from '../../collectors/lib/harvested.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { printfFixed } from '../../collectors/lib/numbers.ts';
import { entryName, entryText, fileName, type RawEntry, type RawTree } from '../../collectors/lib/raw-tree.ts';
import { cellNumber, NotASummary, parseSummaryTable, summaryStepNames, type SummaryTable } from './parse-summaries.ts';
import { anySummaryUnit } from './summary-columns.ts';

/** Files of the mytools ibench report (report.sh and what it calls), by name. */
export function isSummaryFile(path: string): boolean {
  return /^(o\.sum\.[ct]\.|mrg\.|rel\.|all\.html$|tput|iput\.tab$|z\d|ztmp$|o\.report\.|o\.iostat\.avg\.|gpi\.)|\.png$/.test(
    fileName(path),
  );
}

const SUM = /^o\.sum\.([ct])\.(.+?)(?:\.gz)?$/;
const MRG = /^mrg\.(.+?)(?:\.gz)?$/;
/** The `<rows>m.` prefix of the harness's result tags (`800m.my8408_rel_o2nofp.cz12a_c8r32`), millions of rows loaded. */
export const ROWS_PREFIX = /^(\d+(?:\.\d+)?)m\./;

interface StepRow {
  cells: Record<string, string>;
  file: RawEntry;
}

/** Runs from o.sum.t / mrg tables; every other file is listed as skipped. */
export function harvestSummaries(tree: RawTree, opts: { meta?: Meta; metaName?: string }): HarvestResult {
  const result: HarvestResult = { runs: [], skipped: [] };
  const skip = (e: RawEntry, reason: string) => result.skipped.push({ path: e.path, reason });
  const sums = tree.entries.filter((e) => SUM.test(fileName(e.path)));
  // etl.sh writes o.sum.c and its tab version o.sum.t: read .t, or .c when it is alone.
  const sumByTag = new Map<string, RawEntry>();
  for (const e of sums) {
    const [, kind, tag] = SUM.exec(fileName(e.path))!;
    const seen = sumByTag.get(tag!);
    if (!seen || (kind === 't' && SUM.exec(fileName(seen.path))![1] === 'c')) sumByTag.set(tag!, e);
  }
  const runs = new Map<string, Map<string, StepRow>>();
  const notes = new Map<string, string[]>();
  const note = (tag: string, text: string) => notes.set(tag, [...(notes.get(tag) ?? []), text]);
  const stepsOf = (tag: string) => {
    let m = runs.get(tag);
    if (!m) runs.set(tag, (m = new Map()));
    return m;
  };
  const used = new Set<RawEntry>();
  for (const [tag, e] of sumByTag) {
    const table = tryParse(e);
    if (!table) {
      skip(e, 'named like an o.sum file but without its header line');
      continue;
    }
    const names = summaryStepNames(table.rows.length);
    if (!names) {
      skip(
        e,
        `${table.rows.length} data lines: not a step layout benchsite knows (10 lines since Dec 2023, 15 in Jan 2021)`,
      );
      continue;
    }
    used.add(e);
    noteUnread(e, table, () => [tag], note);
    table.rows.forEach((cells, i) => {
      if (isEmptyRow(cells)) note(tag, `${names[i]}: not run (an empty line in ${fileName(e.path)})`);
      else stepsOf(tag).set(names[i]!, { cells, file: e });
    });
  }
  // mrg3.sh strips the `<rows>m.` prefix from tags; put it back when every o.sum.t agrees on it.
  const prefixes = new Set([...sumByTag.keys()].map((t) => ROWS_PREFIX.exec(t)?.[0] ?? ''));
  const prefix = prefixes.size === 1 ? [...prefixes][0]! : '';
  for (const e of tree.entries) {
    if (used.has(e)) continue;
    const name = fileName(e.path);
    const step = MRG.exec(name)?.[1];
    if (SUM.test(name)) skip(e, 'the comma-separated copy of an o.sum.t file that was read');
    else if (step && parseStepName(step)) {
      const table = tryParse(e);
      if (!table) {
        skip(e, 'named like an mrg file but without its header line');
        continue;
      }
      used.add(e);
      noteUnread(e, table, (t) => t.rows.map((r) => `${prefix}${r.tag}`), note);
      for (const cells of table.rows) {
        const tag = `${prefix}${cells.tag}`;
        const steps = stepsOf(tag);
        const seen = steps.get(step);
        if (!seen) steps.set(step, { cells, file: e });
        else {
          const diff = differences(seen.cells, cells);
          if (diff.length) note(tag, `${step}: ${fileName(seen.file.path)} and ${e.path} differ in ${diff.join(', ')}`);
        }
      }
    } else if (/^rel\./.test(name))
      skip(e, 'a relative table (sum_met.awk): benchsite computes relative values itself');
    else
      skip(
        e,
        isSummaryFile(e.path)
          ? 'a mytools report file: not a run'
          : 'not part of an Insert Benchmark result or summary',
      );
  }
  for (const [tag, steps] of runs) {
    if (steps.size === 0) continue;
    const files = [...new Set([...steps.values()].map((s) => s.file))];
    result.runs.push(summaryRun(tag, steps, files, notes.get(tag) ?? [], tree, opts));
  }
  return result;
}

/** Each column of a table that no known column set has: a note in every run the table has a line of. */
function noteUnread(
  e: RawEntry,
  table: SummaryTable,
  tagsOf: (t: SummaryTable) => string[],
  note: (tag: string, text: string) => void,
): void {
  const unread = table.columns.filter((c) => c !== 'tag' && anySummaryUnit(c, { kind: 'load' }) === undefined);
  for (const c of unread)
    for (const tag of new Set(tagsOf(table)))
      note(tag, `${fileName(e.path)}: column "${c}" is not one benchsite knows (etl.sh's); its cells were not read`);
}

function tryParse(e: RawEntry) {
  try {
    return parseSummaryTable(entryText(e), entryName(e));
  } catch (err) {
    // Not a summary after all; a summary with lines that do not line up, or a bad .gz, is refused.
    if (err instanceof NotASummary) return undefined;
    throw err;
  }
}

/** A step line with nothing but NA and the tag: etl.sh's line for a step that did not run. */
function isEmptyRow(cells: Record<string, string>): boolean {
  return Object.entries(cells).every(([k, v]) => k === 'tag' || v === '' || v === 'NA');
}

/** Columns where an o.sum.t row and an mrg row disagree; mrg3.sh reprints ips, qps and rps with `%.0f`. */
function differences(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((c) => {
    if (c === 'tag') return false;
    const x = a[c] ?? '';
    const y = b[c] ?? '';
    if (['ips', 'qps', 'rps'].includes(c) && cellNumber(x) !== undefined && cellNumber(y) !== undefined)
      return printfFixed(Number(x), 0) !== printfFixed(Number(y), 0);
    return x !== y;
  });
}

function summaryRun(
  tag: string,
  steps: Map<string, StepRow>,
  files: RawEntry[],
  notes: string[],
  tree: RawTree,
  opts: { meta?: Meta; metaName?: string },
): HarvestedRun {
  const m = ROWS_PREFIX.exec(tag);
  const decoded = decodeLabel(m ? tag.slice(m[0].length) : tag, { configHasCPrefix: true });
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  for (const name of sortSteps([...steps.keys()])) {
    const { cells, file } = steps.get(name)!;
    const info = parseStepName(name)!;
    tests.push({
      name,
      status: 'ok',
      params: { step_kind: info.kind, ...(info.queries ? { queries: info.queries } : {}) },
      rawFiles: [file.path],
    });
    // Every column of the line, in the table's order; one no column set has was noted when its table was read. A
    // column that reprints an o.res fact is stored under that fact's metric (ips as inserts_per_s), as harvest
    // of the raw files stores it.
    for (const [c, cell] of Object.entries(cells)) {
      const v = cellNumber(cell);
      const unit = anySummaryUnit(c, info);
      if (v !== undefined && unit !== undefined)
        results.push({ test: name, metric: summaryColumnMetric(c, info.kind), value: v, unit });
    }
  }
  notes.unshift(
    "harvested from the harness's summary tables only (o.sum.t / mrg): values are rounded as printed, and there are no per-second series, histograms or raw vmstat/iostat",
  );
  const date = runDate(
    {
      meta: opts.meta,
      mtimes: files.map((f) => f.mtimeMs),
      input: tree.name,
      missing: `the summary tables of ${tag} carry no date`,
    },
    notes,
  );
  const hostName = runHostName([], opts.meta, 'summary tables', notes);
  const rates = [
    ...new Set(tests.map((t) => parseStepName(t.name)!.ratePerClient).filter((r): r is number => r !== undefined)),
  ].sort((a, b) => a - b);
  return assembleRun({
    benchmark: 'insert-benchmark',
    label: tag,
    date,
    host: { name: hostName, serverClass: decoded.serverClass },
    dbms: {
      product: decoded.product,
      version: decoded.version,
      build: decoded.build,
      buildName: decoded.buildName,
      label: decoded.short ?? decoded.buildName ?? tag,
      engine: decoded.engine,
    },
    config: { name: decoded.config ?? 'unspecified' },
    workload: {
      kind: 'insert-benchmark',
      rowsInitial: m ? Math.round(Number(m[1]) * 1e6) : undefined,
      rates: rates.length ? rates : undefined,
    },
    tests,
    results,
    provenance: {
      source: 'harness-summary',
      format: 'mytools-ibench-summary',
      tools: [],
      commands: [],
      input: tree.name,
    },
    raw: files,
    notes,
    meta: opts.meta,
    metaName: opts.metaName,
  });
}
