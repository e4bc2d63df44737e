// The model behind an Insert Benchmark report section (the posts of 2026-03-18 and 2026-03-29): the three summary tables of the posts
// (absolute throughput per DBMS x step with quartile colours, throughput relative to the first row, background
// insert rate with the SLA target), then per step the harness's metrics, response-time histograms, iostat
// averages and the per-second rate. Pure; the page only renders it.
import type { Run, SeriesFile } from '../../../src/schemas/index.ts';
import type { InsertBenchmarkReportOptions } from '../schemas.ts';
import {
  checkSectionRuns,
  sectionThresholds,
  type SectionCheck,
  type SectionInput,
} from '../../../src/analysis/section-runs.ts';
import { printfFixed } from '../../../src/lib/c-printf.ts';
import { downsample } from '../../../src/analysis/downsample.ts';
import {
  SUMMARY_COLUMNS,
  iostatColumnOf,
  type SummaryColumn,
  describeStep,
  parseStepName,
  sortSteps,
  summaryColumnValue,
  throughputMeaning,
  type StepInfo,
} from '../vocabulary.ts';
import { columnQuartiles, type Quartile } from './quartiles.ts';
import { compareTable, runData, type Cell } from '../../../src/engine/index.ts';
import { insertBenchmarkDescriptor } from '../descriptor.ts';

interface IbRow {
  id: string;
  label: string;
  isBase: boolean;
}

interface IbStep extends StepInfo {
  /** What the throughput number counts: inserts/s, indexed rows/s, range queries/s ... */
  meaning: string;
  description: string;
}

interface ThroughputCell {
  /** inserts/s for load steps, queries/s for query steps, as the table prints it (an integer). */
  value?: number;
  quartile?: Quartile;
  /** The run missed the background insert SLA of this query step: ignore the value. */
  slaFailed: boolean;
  /** The step failed in this run: its error. */
  failed?: string;
  /** The run has no such step. */
  notRun: boolean;
}

/** The engine's cell of a step and a DBMS, and whether the DBMS missed the step's insert-rate SLA. */
interface RelativeCell extends Cell {
  slaFailed: boolean;
}

interface BackgroundCell {
  /** Achieved background inserts/s (all clients). */
  achieved?: number;
  slaFailed?: boolean;
}

interface HistogramTable {
  op: 'insert' | 'delete' | 'query';
  labels: string[];
  /** Per row: the percentage of responses per bucket as the mytools report prints it (`%.3f`, `nonzero`, or empty for 0), and the max in seconds. */
  rows: Array<{ row: IbRow; cells: string[]; maxSeconds?: number; count: number }>;
}

export interface StepDetail {
  step: IbStep;
  /** The 20 etl.sh columns per row (undefined where the harness printed nothing). */
  metrics: Array<{ row: IbRow; values: Array<number | undefined> }>;
  histograms: HistogramTable[];
  /** sum_iostat.sh averages: column names and values per row. */
  iostat?: { columns: string[]; rows: Array<{ row: IbRow; values: Array<number | undefined> }> };
  /** Rows without vmstat/iostat samples for this step (shorter than the sampling interval). */
  withoutSystem: string[];
}

export interface ChartPoint {
  step: string;
  run: string;
  t: number;
  value: number;
}

export interface InsertBenchmarkReportModel extends SectionCheck {
  base: IbRow;
  rows: IbRow[];
  steps: IbStep[];
  /** [row][step] */
  throughput: ThroughputCell[][];
  relative: RelativeCell[][];
  background: { steps: IbStep[]; targets: Array<number | undefined>; cells: BackgroundCell[][] };
  details: StepDetail[];
  /** Per-second op rate of client 1 per step and row, for one faceted chart. */
  chart: ChartPoint[];
  summaryColumns: readonly SummaryColumn[];
  excluded: Array<{ step: string; reason: string }>;
  thresholds: { regression: number; improvement: number };
  slaThreshold: number;
}

export interface InsertBenchmarkReportInput extends SectionInput {
  excludeTests?: string[];
  options?: InsertBenchmarkReportOptions;
  /** series.json of each run, by run id, for the per-second chart. */
  series?: Record<string, SeriesFile | undefined>;
}

/** Row name as the mytools report prints it: the result directory without its `<rows>m.` prefix (`pg1518.ccy1`). */
function ibenchLabel(run: Run): string {
  return run.label.replace(/^\d+(\.\d+)?m\./, '');
}

/** Percentages of a histogram as the mytools report prints them (mrg.extra.sh / rth.sh). */
function histogramPercentages(counts: number[]): string[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => {
    if (c === 0 || total === 0) return '';
    const p = printfFixed(100 * (c / total), 3); // rth.sh multiplies after dividing; the order changes ties
    return p === '0.000' ? 'nonzero' : p;
  });
}

export function insertBenchmarkReport(input: InsertBenchmarkReportInput): InsertBenchmarkReportModel {
  const thresholds = sectionThresholds(input.thresholds);
  const slaThreshold = input.options?.slaThreshold ?? 0.95;
  const byId = new Map(input.runs.map((r) => [r.id, r.run]));
  const label = (id: string) => input.labels?.[id] ?? ibenchLabel(byId.get(id)!);
  const { kept, blocked, acknowledged, notes } = checkSectionRuns(input, label);
  const rows: IbRow[] = kept.map((id) => ({ id, label: label(id), isBase: id === input.base }));
  const runOf = (row: IbRow) => byId.get(row.id)!;

  const excluded: InsertBenchmarkReportModel['excluded'] = [];
  const present = sortSteps([...new Set(kept.flatMap((id) => byId.get(id)!.tests.map((t) => t.name)))]);
  const wanted = input.options?.steps ?? present;
  for (const s of input.options?.steps ?? [])
    if (!present.includes(s)) excluded.push({ step: s, reason: 'no run has this step' });
  const steps: IbStep[] = wanted
    .filter((s) => present.includes(s))
    .filter((s) => {
      if (input.excludeTests?.includes(s)) return (excluded.push({ step: s, reason: 'excluded by the report' }), false);
      if (!parseStepName(s)) return (excluded.push({ step: s, reason: 'not an Insert Benchmark step' }), false);
      return true;
    })
    .map((s) => {
      const info = parseStepName(s)!;
      return { ...info, meaning: throughputMeaning(info), description: describeStep(info) };
    });
  for (const s of present)
    if (!wanted.includes(s)) excluded.push({ step: s, reason: "not in the report's insertBenchmark.steps" });

  const slaFailed = (run: Run, step: IbStep) => {
    const sla = run.tests.find((t) => t.name === step.name)?.sla;
    return sla ? sla.achievedInsertsPerS < slaThreshold * sla.targetInsertsPerS : false;
  };

  // The step's throughput (inserts/s for load and write steps, queries/s for query steps) against the base
  // row's, from the engine: the integers the harness prints, divided as its sum_met.awk divides them.
  const d = insertBenchmarkDescriptor;
  const data = new Map(kept.map((id) => [id, runData(id, byId.get(id)!)]));
  const table = compareTable(
    {
      descriptor: d,
      columns: rows.map((r) => ({ key: r.id, run: r.id, label: r.label })),
      rows: steps.map((s) => s.name),
      metric: (name) => (parseStepName(name)!.kind === 'query' ? 'queries_per_s' : 'inserts_per_s'),
      thresholds,
    },
    (id) => data.get(id),
  );
  const cellAt = (i: number, j: number) => table.rows[j]!.cells[i]!;

  // Absolute throughput, with chart_all.sh's quartiles per column.
  const throughput: ThroughputCell[][] = rows.map((row, i) =>
    steps.map((step, j) => {
      const test = runOf(row).tests.find((t) => t.name === step.name);
      return {
        value: test ? cellAt(i, j).value : undefined,
        slaFailed: slaFailed(runOf(row), step),
        failed: test?.status === 'failed' ? (test.error ?? 'failed') : undefined,
        notRun: !test,
      };
    }),
  );
  steps.forEach((_, j) => {
    const q = columnQuartiles(throughput.map((r) => r[j]!));
    throughput.forEach((r, i) => {
      if (q[i]) r[j]!.quartile = q[i];
    });
  });

  // Relative to the first row (the base).
  const relative: RelativeCell[][] = rows.map((_, i) =>
    steps.map((_, j) => ({ ...cellAt(i, j), slaFailed: throughput[i]![j]!.slaFailed })),
  );

  // Background inserts of the query steps.
  const qsteps = steps.filter((s) => s.kind === 'query');
  const background = {
    steps: qsteps,
    targets: qsteps.map((s) => {
      const t = kept
        .map((id) => byId.get(id)!.tests.find((x) => x.name === s.name)?.sla?.targetInsertsPerS)
        .find((x) => x !== undefined);
      return t;
    }),
    cells: rows.map((row) =>
      qsteps.map((s) => {
        const sla = runOf(row).tests.find((t) => t.name === s.name)?.sla;
        // The harness's ips column: the step's inserts_per_s as etl.sh prints it.
        const achieved = summaryColumnValue('ips', s.kind, (m) => resultOf(runOf(row), s.name, m));
        return { achieved, slaFailed: sla ? slaFailed(runOf(row), s) : undefined };
      }),
    ),
  };

  const details = steps.map((step) => stepDetail(step, rows, runOf));
  const chart = chartPoints(steps, rows, input.series ?? {}, input.options?.chartPoints ?? 50);
  return {
    base: rows[0]!,
    rows,
    steps,
    throughput,
    relative,
    background,
    details,
    chart,
    summaryColumns: SUMMARY_COLUMNS,
    blocked,
    acknowledged,
    notes,
    excluded,
    thresholds,
    slaThreshold,
  };
}

/** A result of a run's test, or undefined. */
const resultOf = (run: Run, test: string, metric: string) =>
  run.results.find((r) => r.test === test && r.metric === metric)?.value;

function stepDetail(step: IbStep, rows: IbRow[], runOf: (row: IbRow) => Run): StepDetail {
  const metrics = rows.map((row) => ({
    row,
    values: SUMMARY_COLUMNS.map((c) => summaryColumnValue(c, step.kind, (m) => resultOf(runOf(row), step.name, m))),
  }));
  const histograms: HistogramTable[] = [];
  for (const op of ['insert', 'delete', 'query'] as const) {
    const hs = rows.map((row) => {
      const all =
        runOf(row)
          .tests.find((t) => t.name === step.name)
          ?.histograms?.filter((h) => h.name === op) ?? [];
      return { row, h: all.find((h) => h.client === 'all') ?? (all.length === 1 ? all[0] : undefined) };
    });
    const first = hs.find((x) => x.h)?.h;
    if (!first) continue;
    histograms.push({
      op,
      labels: first.buckets.map((b) => b.label),
      rows: hs
        .filter((x) => x.h)
        .map(({ row, h }) => ({
          row,
          cells: histogramPercentages(h!.buckets.map((b) => b.count)),
          maxSeconds: h!.maxSeconds,
          count: h!.buckets.reduce((a, b) => a + b.count, 0),
        })),
    });
  }
  // The query histogram first for query steps, as the mytools report orders them.
  if (step.kind === 'query') histograms.sort((a, b) => (a.op === 'query' ? -1 : b.op === 'query' ? 1 : 0));
  const iostatMetrics = [
    ...new Set(
      rows.flatMap((row) =>
        runOf(row)
          .results.filter((r) => r.test === step.name && r.metric.startsWith('iostat_'))
          .map((r) => r.metric),
      ),
    ),
  ];
  const iostat = iostatMetrics.length
    ? {
        columns: iostatMetrics.map(iostatColumnOf),
        rows: rows.map((row) => ({ row, values: iostatMetrics.map((m) => resultOf(runOf(row), step.name, m)) })),
      }
    : undefined;
  const withoutSystem = rows
    .filter((row) => {
      const t = runOf(row).tests.find((x) => x.name === step.name);
      return (
        t &&
        !t.system?.harness.vmstat &&
        !t.system?.harness.iostat &&
        resultOf(runOf(row), step.name, 'cpupq') === undefined
      );
    })
    .map((r) => r.label);
  return { step, metrics, histograms, iostat, withoutSystem };
}

/** The op rate per second of client 1 (i_ips for load and write steps, i_qps for query steps); l.x has none. */
function chartPoints(
  steps: IbStep[],
  rows: IbRow[],
  series: Record<string, SeriesFile | undefined>,
  max: number,
): ChartPoint[] {
  const out: ChartPoint[] = [];
  for (const step of steps) {
    if (step.kind === 'index') continue;
    const column = step.kind === 'query' ? 'i_qps' : 'i_ips';
    for (const row of rows) {
      const s = series[row.id]?.tests[step.name]?.find((x) => x.name === 'iibench.client1');
      if (!s) continue;
      const names = s.columns.map((c) => c.name);
      const [ti, vi] = [names.indexOf('t_sec'), names.indexOf(column)];
      if (ti < 0 || vi < 0) continue;
      for (const r of downsample(
        s.rows.map((x) => [x[ti]!, x[vi]!]),
        max,
      )) {
        if (r[0] !== null && r[1] !== null)
          out.push({ step: step.name, run: row.label, t: Math.round(r[0]! * 10) / 10, value: Math.round(r[1]!) });
      }
    }
  }
  return out;
}
