// The model behind a sysbench report page: relative QPS per microbenchmark against a named base, in the four
// groups of the posts, with per-group summaries and per-query efficiency. Pure; the page only renders it.
import type { Run } from '../../../src/schemas/index.ts';
import {
  checkSectionRuns,
  sectionThresholds,
  type SectionCheck,
  type SectionInput,
} from '../../../src/analysis/section-runs.ts';
import { compareTable, runData, summarizeTable, type Cell, type Summary } from '../../../src/engine/index.ts';
import { sysbenchDescriptor } from '../descriptor.ts';
import type { SysbenchGroupId } from '../groups.ts';

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

export interface SysbenchReportModel extends SectionCheck {
  base: Column;
  columns: Column[];
  groups: GroupTable[];
  efficiency: EfficiencyTable[];
  /** Tests left out of the tables, and why. */
  excluded: Array<{ test: string; reason: string }>;
  thresholds: { regression: number; improvement: number };
}

export interface SysbenchReportInput extends SectionInput {
  includeWarmups?: boolean;
  excludeTests?: string[];
}

/** Short column name: the label without mytools' `x.` and `.pk1` (`pg1518.cy2`). */
function shortLabel(run: Run): string {
  return run.label.replace(/^x\./, '').replace(/\.pk[01]$/, '');
}

export function sysbenchReport(input: SysbenchReportInput): SysbenchReportModel {
  const thresholds = sectionThresholds(input.thresholds);
  const byId = new Map(input.runs.map((r) => [r.id, r]));
  const label = (id: string) => input.labels?.[id] ?? shortLabel(byId.get(id)!.run);
  const { kept, blocked, acknowledged, notes } = checkSectionRuns(input, label);
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
