// The model behind a sysbench report page: relative QPS per microbenchmark against a named base, in the four
// groups of the posts, with per-group summaries and per-query efficiency. Pure; the page only renders it.
import type { Run, Thresholds } from '../../../src/schemas/index.ts';
import { comparability, splitGates, type Gate } from '../../../src/analysis/comparability.ts';
import {
  compareTable,
  runData,
  summarizeTable,
  THRESHOLDS,
  type Cell,
  type Summary,
} from '../../../src/engine/index.ts';
import { sysbenchDescriptor } from '../descriptor.ts';
import type { SysbenchGroupId } from '../groups.ts';

interface ReportRun {
  id: string;
  run: Run;
}

export interface Column {
  id: string;
  label: string;
  isBase: boolean;
}

export interface TestRow {
  test: string;
  /** Which metric the value is: `qps`, or `scan_krows_per_s` for scan (as mytools reports it). */
  metric: string;
  cells: Cell[];
}

interface GroupTable {
  id: SysbenchGroupId;
  title: string;
  rows: TestRow[];
  /** One per compared column (the engine's summary of the printed values). */
  summaries: Summary[];
}

interface EfficiencyTable {
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
function shortLabel(run: Run): string {
  return run.label.replace(/^x\./, '').replace(/\.pk[01]$/, '');
}

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
  const d = sysbenchDescriptor;
  const tests = testNames.filter((t) => {
    if (input.excludeTests?.includes(t)) return (excluded.push({ test: t, reason: 'excluded by the report' }), false);
    if (!input.includeWarmups && d.isWarmup(t)) return (excluded.push({ test: t, reason: 'warm-up run' }), false);
    if (!d.groupOf(t)) return (excluded.push({ test: t, reason: 'not a microbenchmark (table load)' }), false);
    return true;
  });

  const data = new Map(kept.map((id) => [id, runData(id, byId.get(id)!.run)]));
  const specs = columns.map((c) => ({ key: c.id, run: c.id, label: c.label }));
  // The base's metric: scan in Krows/s when the base has it, QPS otherwise.
  const qpsMetric = (test: string) =>
    data.get(input.base)!.value(test, 'scan_krows_per_s') !== undefined ? 'scan_krows_per_s' : 'qps';
  const tableOf = (rows: string[], metric: (test: string) => string) => {
    const table = compareTable({ descriptor: d, columns: specs, rows, metric, thresholds }, (id) => data.get(id));
    const testRows = table.rows.map((r) => ({
      test: r.key,
      metric: metric(r.key),
      // A test the run does not have shows as failed (its tooltip says `not run`).
      cells: r.cells.map((c, j) => (data.get(kept[j]!)!.hasTest(r.key) ? c : { ...c, failed: c.failed ?? 'not run' })),
    }));
    return { table, rows: testRows };
  };

  const groups: GroupTable[] = d.groups
    .map((g) => {
      const { table, rows } = tableOf(
        tests.filter((t) => d.groupOf(t) === g.id),
        qpsMetric,
      );
      return { id: g.id as SysbenchGroupId, title: g.title, rows, summaries: summarizeTable(table) };
    })
    .filter((g) => g.rows.length > 0);

  // Costs per query (per thousand rows for scan), where lower is better (the descriptor's direction).
  const efficiency = d.costTables
    .map((c) => ({
      metric: c.metricByHeadline.qps!,
      title: c.title,
      unit: c.unit,
      rows: tableOf(tests, (test) => c.metricByHeadline[qpsMetric(test)]!).rows,
    }))
    .filter((e) => e.rows.some((r) => r.cells.some((c) => c.value !== undefined)));

  return { base: columns[0]!, columns, groups, efficiency, blocked, acknowledged, notes, excluded, thresholds };
}
