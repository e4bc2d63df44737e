// The model behind a sysbench report page: relative QPS per microbenchmark against a named base, in the four
// groups of the posts, with per-group summaries and per-query efficiency. Pure; the page only renders it.
import type { Run, Thresholds } from '../schemas/index.ts';
import { comparability, splitGates, type Gate } from './comparability.ts';
import { estimateOf, ratioInterval, withinNoise } from './noise.ts';
import { relativeTo, type ValueRow } from './relative.ts';
import { THRESHOLDS, verdict, type Verdict } from './verdict.ts';
import { summarizeChanges, type ChangeSummary } from './summary.ts';
import { SYSBENCH_GROUPS, isWarmupTest, sysbenchGroup, type SysbenchGroupId } from './sysbench-groups.ts';

export interface ReportRun {
  id: string;
  run: Run;
}

export interface Column {
  id: string;
  label: string;
  isBase: boolean;
}

export interface Cell {
  value?: number;
  relative?: number;
  verdict: Verdict;
  /** 95 % interval of `relative` (noise.ts: Fieller's, from both runs' batch-means intervals), when both have one. */
  interval?: { low: number; high: number };
  /** The interval includes 1: no difference beyond this run's own noise (shown muted). */
  withinNoise?: boolean;
  /** The test failed in this run: its error. */
  failed?: string;
}

export interface TestRow {
  test: string;
  /** Which metric the value is: `qps`, or `scan_krows_per_s` for scan (as mytools reports it). */
  metric: string;
  cells: Cell[];
}

export interface GroupTable {
  id: SysbenchGroupId;
  title: string;
  rows: TestRow[];
  summaries: ChangeSummary[];
}

export interface EfficiencyTable {
  metric: string;
  title: string;
  unit: string;
  rows: TestRow[];
}

export interface SysbenchReportModel {
  base: Column;
  columns: Column[];
  groups: GroupTable[];
  efficiency: EfficiencyTable[];
  /** Runs left out, and why (hard comparability gates). */
  /** Runs left out because a gate of comparability.ts is open (the report page then stops the build). */
  blocked: Array<{ id: string; label: string; reasons: string[]; gates: Gate[] }>;
  /** Runs kept across a gate the report acknowledges (`acknowledge`), shown in a notice. */
  acknowledged: Array<{ id: string; label: string; reasons: string[] }>;
  /** Softer differences by run id. */
  notes: Array<{ id: string; label: string; notes: string[] }>;
  /** Tests left out of the tables, and why. */
  excluded: Array<{ test: string; reason: string }>;
  thresholds: { regression: number; improvement: number };
}

export interface SysbenchReportInput {
  /** Gates of comparability.ts the report compares across on purpose (its frontmatter's `acknowledge`). */
  acknowledge?: readonly string[];
  runs: ReportRun[];
  base: string;
  order: string[];
  labels?: Record<string, string>;
  thresholds?: Partial<Thresholds>;
  includeWarmups?: boolean;
  excludeTests?: string[];
}

/** Short column name: the label without mytools' `x.` and `.pk1` (`pg1518.cy2`). */
export function shortLabel(run: Run): string {
  return run.label.replace(/^x\./, '').replace(/\.pk[01]$/, '');
}

const EFFICIENCY = [
  { metric: 'cpu_per_query', title: 'CPU per query: vmstat (us+sy) / QPS', unit: 'cpu%/(query/s)' },
  { metric: 'cs_per_query', title: 'Context switches per query', unit: 'switches/query' },
  { metric: 'reads_per_query', title: 'Storage reads per query', unit: 'reads/query' },
  { metric: 'rkb_per_query', title: 'KB read per query', unit: 'KB/query' },
  { metric: 'wkb_per_query', title: 'KB written per query', unit: 'KB/query' },
];

export function sysbenchReport(input: SysbenchReportInput): SysbenchReportModel {
  const thresholds = {
    regression: input.thresholds?.regression ?? THRESHOLDS.regression,
    improvement: input.thresholds?.improvement ?? THRESHOLDS.improvement,
  };
  const byId = new Map(input.runs.map((r) => [r.id, r]));
  const baseRun = byId.get(input.base);
  if (!baseRun) throw new Error(`the base run ${input.base} is not among the runs`);
  const label = (id: string) => input.labels?.[id] ?? shortLabel(byId.get(id)!.run);
  const ids = [input.base, ...input.order.filter((id) => id !== input.base)];
  const blocked: SysbenchReportModel['blocked'] = [];
  const acknowledged: SysbenchReportModel['acknowledged'] = [];
  const notes: SysbenchReportModel['notes'] = [];
  const kept = ids.filter((id) => {
    if (id === input.base) return true;
    const c = comparability(byId.get(id)!.run, baseRun.run);
    if (c.notes.length) notes.push({ id, label: label(id), notes: c.notes });
    const { open, acknowledged: ack } = splitGates(c, input.acknowledge);
    if (ack.length) acknowledged.push({ id, label: label(id), reasons: ack.map((g) => g.text) });
    if (open.length) blocked.push({ id, label: label(id), reasons: open.map((g) => g.text), gates: open });
    return open.length === 0;
  });
  const columns: Column[] = kept.map((id) => ({ id, label: label(id), isBase: id === input.base }));

  // Test order: as the base ran them, then tests only other runs have.
  const excluded: SysbenchReportModel['excluded'] = [];
  const testNames: string[] = [];
  for (const id of kept) {
    for (const t of byId.get(id)!.run.tests) if (!testNames.includes(t.name)) testNames.push(t.name);
  }
  const tests = testNames.filter((t) => {
    if (input.excludeTests?.includes(t)) return (excluded.push({ test: t, reason: 'excluded by the report' }), false);
    if (!input.includeWarmups && isWarmupTest(t)) return (excluded.push({ test: t, reason: 'warm-up run' }), false);
    if (!sysbenchGroup(t)) return (excluded.push({ test: t, reason: 'not a microbenchmark (table load)' }), false);
    return true;
  });

  const value = (id: string, test: string, metric: string) =>
    byId.get(id)!.run.results.find((r) => r.test === test && r.metric === metric)?.value;
  const failure = (id: string, test: string) => {
    const t = byId.get(id)!.run.tests.find((x) => x.name === test);
    return t?.status === 'failed' ? (t.error ?? 'failed') : t ? undefined : 'not run';
  };
  // The interval of a relative value from the two runs' exported intervals (`qps_ci95_*`; none for costs).
  const relativeInterval = (id: string, test: string, metric: string, v: number) => {
    const baseValue = value(input.base, test, metric);
    if (baseValue === undefined) return undefined;
    const a = estimateOf(v, (m) => value(id, test, m), metric);
    const b = estimateOf(baseValue, (m) => value(input.base, test, m), metric);
    if (!a || !b) return undefined;
    const q = ratioInterval(a, b);
    return q ? { low: q.low, high: q.high } : undefined;
  };
  // `lowerIsBetter` for costs (CPU per query ...): more than the base is the regression there.
  const tableFor = (
    metric: (test: string) => string,
    testList: string[],
    lowerIsBetter = false,
  ): { rows: TestRow[]; rel: ReturnType<typeof relativeTo> } => {
    const valueRows: ValueRow[] = [];
    for (const test of testList) {
      for (const id of kept) {
        const v = value(id, test, metric(test));
        if (v !== undefined) valueRows.push({ run: id, test, value: v });
      }
    }
    const rel = relativeTo(valueRows, input.base);
    const rows = testList.map((test) => ({
      test,
      metric: metric(test),
      cells: kept.map((id) => {
        const r = rel.find((x) => x.run === id && x.test === test);
        const v = valueRows.find((x) => x.run === id && x.test === test)?.value;
        const interval = id === input.base || v === undefined ? undefined : relativeInterval(id, test, metric(test), v);
        return {
          value: v,
          relative: r?.relative,
          verdict: id === input.base ? 'neutral' : verdict(r?.relative, thresholds, lowerIsBetter),
          failed: failure(id, test),
          ...(interval ? { interval, withinNoise: withinNoise(interval) } : {}),
        } satisfies Cell;
      }),
    }));
    return { rows, rel };
  };

  const qpsMetric = (test: string) =>
    value(input.base, test, 'scan_krows_per_s') !== undefined ? 'scan_krows_per_s' : 'qps';
  const groups: GroupTable[] = SYSBENCH_GROUPS.map((g) => {
    const list = tests.filter((t) => sysbenchGroup(t) === g.id);
    const { rows, rel } = tableFor(qpsMetric, list);
    return { id: g.id, title: g.title, rows, summaries: summarizeChanges(rel, input.base) };
  }).filter((g) => g.rows.length > 0);

  const perOp = (metric: string) => (test: string) =>
    qpsMetric(test) === 'scan_krows_per_s' ? metric.replace(/_query$/, '_krow') : metric;
  const efficiency = EFFICIENCY.map((e) => ({ ...e, rows: tableFor(perOp(e.metric), tests, true).rows })).filter((e) =>
    e.rows.some((r) => r.cells.some((c) => c.value !== undefined)),
  );

  return { base: columns[0]!, columns, groups, efficiency, blocked, acknowledged, notes, excluded, thresholds };
}
