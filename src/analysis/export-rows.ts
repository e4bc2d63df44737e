// Tidy rows of runs for `benchsite export` and the site's CSV downloads: one row per run, test and metric.
// `source` is where the run's numbers come from (provenance.source). A published-relative run has no absolute
// number: its rows are its relative values, metric `relative`, with the base in the unit (`ratio to z12b`).
import type { Cell } from '../engine/index.ts';
import type { Run } from '../schemas/index.ts';

export const EXPORT_FIELDS = [
  'run',
  'benchmark',
  'host',
  'product',
  'version',
  'build',
  'config',
  'test',
  'metric',
  'value',
  'unit',
  'source',
] as const;

export type ExportRow = Record<(typeof EXPORT_FIELDS)[number], string | number>;

export function exportRows(runs: Array<{ id: string; run: Run }>): ExportRow[] {
  const out: ExportRow[] = [];
  for (const { id, run } of runs) {
    const common = {
      run: id,
      benchmark: run.benchmark,
      host: run.host.name,
      product: run.dbms.product ?? '',
      version: run.dbms.version ?? '',
      build: run.dbms.build ?? '',
      config: run.config.name,
    };
    const source = run.provenance.source;
    for (const r of run.results)
      out.push({ ...common, test: r.test, metric: r.metric, value: r.value, unit: r.unit, source });
    for (const t of run.relative ?? [])
      for (const v of t.values)
        out.push({ ...common, test: v.test, metric: 'relative', value: v.value, unit: `ratio to ${t.base}`, source });
  }
  return out;
}

const CSV_QUOTE = /[",\n\r]/;

function csvCell(v: string | number): string {
  if (typeof v === 'number') return String(v);
  return CSV_QUOTE.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * `toCsv(exportRows([{ id, run }]), EXPORT_FIELDS)`, the same bytes, without an object per row: the site
 * writes one such file per run page, 10,000 per build.
 */
export function runCsv(id: string, run: Run): string {
  const common = [
    id,
    run.benchmark,
    run.host.name,
    run.dbms.product ?? '',
    run.dbms.version ?? '',
    run.dbms.build ?? '',
    run.config.name,
  ]
    .map(csvCell)
    .join(',');
  const source = csvCell(run.provenance.source);
  // A run's rows repeat a few tests, metrics and units: each quoted once.
  const cells = new Map<string, string>();
  const cell = (v: string) => {
    let c = cells.get(v);
    if (c === undefined) cells.set(v, (c = csvCell(v)));
    return c;
  };
  let out = `${EXPORT_FIELDS.join(',')}\n`;
  for (const r of run.results)
    out += `${common},${cell(r.test)},${cell(r.metric)},${String(r.value)},${cell(r.unit)},${source}\n`;
  for (const t of run.relative ?? []) {
    const unit = csvCell(`ratio to ${t.base}`);
    for (const v of t.values) out += `${common},${csvCell(v.test)},relative,${csvCell(v.value)},${unit},${source}\n`;
  }
  return out;
}

/** RFC 4180 CSV with a header line. */
export function toCsv<T extends Record<string, string | number | undefined>>(
  rows: T[],
  fields: readonly (keyof T & string)[],
): string {
  const lines = [fields.join(',')];
  for (const r of rows) lines.push(fields.map((f) => csvCell(r[f] ?? '')).join(','));
  return `${lines.join('\n')}\n`;
}

/** The columns a report's relative CSV adds for a cell's 95 % interval (blank where the cell has none). */
export const INTERVAL_FIELDS = ['ci95_low', 'ci95_high', 'within_noise'] as const;

/** A relative cell's INTERVAL_FIELDS: the interval's bounds and whether it is within noise. */
export function intervalFields(c: Pick<Cell, 'interval' | 'withinNoise'>) {
  return {
    ci95_low: c.interval?.low,
    ci95_high: c.interval?.high,
    within_noise: c.interval ? (c.withinNoise ? 'yes' : 'no') : undefined,
  };
}
