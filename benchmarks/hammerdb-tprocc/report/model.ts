// The model behind a HammerDB TPROC-C report section (the posts of 2026-02-15 and 2026-03-16): NOPM by measured point (virtual users
// x warehouses) for each run, absolute and relative to a named base run, stored procedures off and on side by
// side; the iostat/vmstat tables of the posts; bars of relative NOPM. Pure; the page only renders it.
import type { Run } from '../../../src/schemas/index.ts';
import {
  checkSectionRuns,
  sectionThresholds,
  type SectionCheck,
  type SectionInput,
} from '../../../src/analysis/section-runs.ts';
import { compareTable, runData, summarizeTable, type Cell, type Summary } from '../../../src/engine/index.ts';
import { hammerdbDescriptor } from '../descriptor.ts';

/** A measured point: `vu=10, wh=1000`, from its test's params. */
interface HammerdbPoint {
  /** The point's test name without the stored-procedure suffix (`vu10.w1000`), for the page's data attributes. */
  key: string;
  virtualUsers: number;
  warehouses: number;
  label: string;
}

/** Stored procedures: `sp0` (off), `sp1` (on), or `all` when the section does not tell them apart. */
export type SpVariant = 'sp0' | 'sp1' | 'all';

/** One column of the NOPM grid: a run, or a run's stored-procedure variant. */
export interface HammerdbColumn {
  /** `<run id>` or `<run id>#sp0`. */
  key: string;
  runId: string;
  runLabel: string;
  variant: SpVariant;
  /** Header text: the run's label, plus ` sp0`/` sp1` when the section has both. */
  label: string;
  isBase: boolean;
}

/** The engine's cell of a point and a column (`failed`: the point failed in this run). */
type HammerdbCell = Cell;

export interface HammerdbGridRow {
  point: HammerdbPoint;
  cells: HammerdbCell[];
}

interface SystemColumn {
  metric: string;
  title: string;
  unit: string;
  digits: number;
}

interface SystemRow {
  runId: string;
  runLabel: string;
  point: HammerdbPoint;
  values: Array<number | undefined>;
  /** Per value: computed by benchsite from other columns (cpuPer from us+sy and NOPM) rather than stated. */
  computed: boolean[];
}

/** One table of the posts' system metrics: iostat or vmstat, for one stored-procedure variant. */
export interface SystemTable {
  kind: 'iostat' | 'vmstat';
  variant: SpVariant;
  columns: SystemColumn[];
  rows: SystemRow[];
}

export interface HammerdbReportModel extends SectionCheck {
  base: { id: string; label: string };
  columns: HammerdbColumn[];
  variants: SpVariant[];
  rows: HammerdbGridRow[];
  /** Per compared column over every point: the engine's summary (its tests are point keys). */
  summaries: Array<Summary & { label: string }>;
  /** Relative NOPM per point and compared column, for the chart. */
  bars: Array<{ test: string; run: string; relative: number }>;
  system: SystemTable[];
  thresholds: { regression: number; improvement: number };
  digits: number;
  /** A point's label by its key (`vu10.w1000` -> `vu=10, wh=1000`), for the summaries' sentences. */
  pointLabel: (key: string) => string;
}

export interface HammerdbReportInput extends SectionInput {
  /** Decimals of relative NOPM when the report asks for others than the descriptor's (3, as the posts print it). */
  digits?: number;
}

const SYSTEM_COLUMNS: Record<SystemTable['kind'], SystemColumn[]> = {
  iostat: [
    { metric: 'iostat_r_per_s', title: 'r/s', unit: 'reads/s from storage', digits: 1 },
    { metric: 'iostat_wmb_per_s', title: 'wMB/s', unit: 'MB/s written to storage', digits: 1 },
  ],
  vmstat: [
    { metric: 'vmstat_r', title: 'r', unit: 'runnable tasks', digits: 3 },
    { metric: 'vmstat_cs', title: 'cs', unit: 'context switches/s', digits: 0 },
    { metric: 'vmstat_us', title: 'us', unit: 'user CPU %', digits: 1 },
    { metric: 'vmstat_sy', title: 'sy', unit: 'system CPU %', digits: 1 },
    { metric: 'vmstat_id', title: 'id', unit: 'idle %', digits: 1 },
    { metric: 'vmstat_wa', title: 'wa', unit: 'IO wait %', digits: 1 },
    { metric: 'vmstat_us_plus_sy', title: 'us+sy', unit: 'us + sy %', digits: 1 },
    { metric: 'cpu_per_nopm', title: 'cpuPer', unit: '((us+sy) / NOPM) x 1000, smaller is better', digits: 3 },
  ],
};

interface PointTest {
  point: HammerdbPoint;
  /** From the test's `storedProcedures` param; undefined when the run does not say. */
  variant: 'sp0' | 'sp1' | undefined;
  name: string;
  failed?: string;
}

/** The measured points of a run (builds left out), from each test's params. */
function pointTests(run: Run): PointTest[] {
  const out: PointTest[] = [];
  for (const t of run.tests) {
    const vu = t.params?.virtualUsers;
    const w = t.params?.warehouses;
    if (t.name.startsWith('build') || typeof vu !== 'number' || typeof w !== 'number') continue;
    const sp = t.params?.storedProcedures;
    out.push({
      point: { key: `vu${vu}.w${w}`, virtualUsers: vu, warehouses: w, label: `vu=${vu}, wh=${w}` },
      variant: sp === true ? 'sp1' : sp === false ? 'sp0' : undefined,
      name: t.name,
      failed: t.status === 'failed' ? (t.error ?? 'failed') : undefined,
    });
  }
  return out;
}

const VARIANT_TITLE: Record<SpVariant, string> = {
  sp0: 'stored procedures off (sp0)',
  sp1: 'stored procedures on (sp1)',
  all: '',
};

export function variantTitle(v: SpVariant): string {
  return VARIANT_TITLE[v];
}

/** Differences in time a run's points ran, beside comparability.ts's notes. */
function workloadNotes(run: Run, base: Run): string[] {
  const w = run.workload.kind === 'hammerdb-tprocc' ? run.workload : undefined;
  const bw = base.workload.kind === 'hammerdb-tprocc' ? base.workload : undefined;
  const notes: string[] = [];
  if (w?.durationMinutes !== bw?.durationMinutes)
    notes.push(`measured ${w?.durationMinutes ?? '?'} minutes (base: ${bw?.durationMinutes ?? '?'})`);
  if (w?.rampupMinutes !== bw?.rampupMinutes)
    notes.push(`rampup ${w?.rampupMinutes ?? '?'} minutes (base: ${bw?.rampupMinutes ?? '?'})`);
  return notes;
}

export function hammerdbReport(input: HammerdbReportInput): HammerdbReportModel {
  const thresholds = sectionThresholds(input.thresholds);
  const d = hammerdbDescriptor;
  const digits = input.digits ?? d.metrics.nopm!.relativeDigits;
  const byId = new Map(input.runs.map((r) => [r.id, r]));
  const label = (id: string) => input.labels?.[id] ?? byId.get(id)!.run.dbms.label;
  const { kept, blocked, acknowledged, notes } = checkSectionRuns(input, label, workloadNotes);

  const tests = new Map(kept.map((id) => [id, pointTests(byId.get(id)!.run)]));
  const spSeen = new Set([...tests.values()].flat().map((t) => t.variant));
  const variants: SpVariant[] = spSeen.has('sp0') && spSeen.has('sp1') ? ['sp0', 'sp1'] : ['all'];
  const columns: HammerdbColumn[] = kept.flatMap((id) =>
    variants.map((variant) => ({
      key: variant === 'all' ? id : `${id}#${variant}`,
      runId: id,
      runLabel: label(id),
      variant,
      label: variant === 'all' ? label(id) : `${label(id)} ${variant}`,
      isBase: id === input.base,
    })),
  );
  const samePoint = (a: HammerdbPoint, b: HammerdbPoint) =>
    a.virtualUsers === b.virtualUsers && a.warehouses === b.warehouses;
  const points = [...tests.values()]
    .flat()
    .map((t) => t.point)
    .filter((p, i, all) => all.findIndex((q) => samePoint(p, q)) === i)
    .sort((a, b) => a.warehouses - b.warehouses || a.virtualUsers - b.virtualUsers);
  const testAt = (runId: string, point: HammerdbPoint, variant: SpVariant) =>
    tests.get(runId)!.find((t) => samePoint(t.point, point) && (variant === 'all' || t.variant === variant));
  const metric = (runId: string, test: string | undefined, m: string) =>
    test === undefined ? undefined : byId.get(runId)!.run.results.find((r) => r.test === test && r.metric === m)?.value;

  // Relative NOPM per stored-procedure variant, so sp0 compares with the base's sp0.
  const data = new Map(kept.map((id) => [id, runData(id, byId.get(id)!.run)]));
  const byKey = new Map(points.map((p) => [p.key, p]));
  const table = compareTable(
    {
      descriptor: d,
      columns: columns.map((c) => ({
        key: c.key,
        run: c.runId,
        label: c.label,
        isBase: c.isBase,
        base: c.isBase ? undefined : columns.find((b) => b.isBase && b.variant === c.variant)!.key,
        test: (key: string) => testAt(c.runId, byKey.get(key)!, c.variant)?.name,
      })),
      rows: points.map((p) => p.key),
      metric: 'nopm',
      thresholds,
      digits,
    },
    (id) => data.get(id),
  );
  const rows: HammerdbGridRow[] = table.rows.map((r) => ({ point: byKey.get(r.key)!, cells: r.cells }));
  const summaries = summarizeTable(table).map((s) => ({
    ...s,
    label: columns.find((c) => c.key === s.column)!.label,
  }));

  const bars = rows.flatMap((r) =>
    r.cells
      .map((cell, i) => ({ cell, col: columns[i]! }))
      .filter(({ cell, col }) => !col.isBase && cell.relative !== undefined)
      .map(({ cell, col }) => ({ test: r.point.label, run: col.label, relative: cell.relative! })),
  );

  const system: SystemTable[] = [];
  for (const variant of variants) {
    for (const kind of ['iostat', 'vmstat'] as const) {
      const sysRows: SystemRow[] = [];
      for (const id of kept) {
        for (const p of points) {
          const t = testAt(id, p, variant)?.name;
          const values = SYSTEM_COLUMNS[kind].map((c) => metric(id, t, c.metric));
          const computed = values.map(() => false);
          const cpuPer = SYSTEM_COLUMNS[kind].findIndex((c) => c.metric === 'cpu_per_nopm');
          const usSy = metric(id, t, 'vmstat_us_plus_sy');
          const nopm = metric(id, t, 'nopm');
          if (cpuPer >= 0 && values[cpuPer] === undefined && usSy !== undefined && nopm) {
            values[cpuPer] = (usSy / nopm) * 1000;
            computed[cpuPer] = true;
          }
          const stated = values.filter((v, i) => v !== undefined && !computed[i]);
          if (stated.length) sysRows.push({ runId: id, runLabel: label(id), point: p, values, computed });
        }
      }
      if (sysRows.length === 0) continue;
      // Only the columns some row has.
      const keep = SYSTEM_COLUMNS[kind].map((_, i) => sysRows.some((r) => r.values[i] !== undefined));
      system.push({
        kind,
        variant,
        columns: SYSTEM_COLUMNS[kind].filter((_, i) => keep[i]),
        rows: sysRows.map((r) => ({
          ...r,
          values: r.values.filter((_, i) => keep[i]),
          computed: r.computed.filter((_, i) => keep[i]),
        })),
      });
    }
  }

  return {
    base: { id: input.base, label: label(input.base) },
    columns,
    variants,
    rows,
    summaries,
    bars,
    system,
    blocked,
    acknowledged,
    notes,
    thresholds,
    digits,
    pointLabel: (key) => byKey.get(key)?.label ?? key,
  };
}
