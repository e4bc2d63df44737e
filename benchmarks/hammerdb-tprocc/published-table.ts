// Published HammerDB TPROC-C tables (CSV, one row per DBMS build x measured point) -> runs whose provenance
// says "published table" and names the post. Pure: the command reads the files and writes the runs.
//
// Columns: `label` (the post's name for the build, e.g. `pg181`), `virtual_users`, `warehouses` are required;
// `dbms`, `version`, `config`, `stored_procedures` describe the build and point; every other column is a
// metric named as benchsite exports it (`nopm`, `vmstat_cs`, `iostat_wmb_per_s` ...). A table without
// `dbms`/`version`/`config` (e.g. the system metrics of a post) adds its metrics to the runs another table of
// the same import defines, joined by label and point.
import type { Meta, ProductName, ResultRow, Test } from '../../src/schemas/index.ts';
import { Product as ProductSchema } from '../../src/schemas/index.ts';
import { assembleRun } from '../../collectors/lib/assemble-run.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { parseNumber } from '../../collectors/lib/numbers.ts';
import type { RawEntry } from '../../collectors/lib/raw-tree.ts';
import { HAMMERDB_METRICS, type HammerdbMetric } from './vocabulary.ts';
import { workloadOfTests } from './workload.ts';
import { parseCsv, type CsvRow, type PublishedCsv } from '../../collectors/published/csv.ts';
import { postMetaProblems } from '../../collectors/published/post-meta.ts';
import { InputError } from '../../collectors/lib/input-error.ts';

export type { PublishedCsv };

const DESCRIPTIVE = ['label', 'dbms', 'version', 'config', 'virtual_users', 'warehouses', 'stored_procedures'];
const REQUIRED = ['label', 'virtual_users', 'warehouses'];

interface Point {
  vu: number;
  warehouses: number;
  sp?: boolean;
  metrics: Array<{ metric: HammerdbMetric; value: number; source: string }>;
}

interface BuildRows {
  label: string;
  product?: ProductName;
  version?: string;
  config?: string;
  points: Point[];
  files: Set<string>;
}

const boolCell = (v: string) =>
  /^(true|1|on|yes)$/i.test(v) ? true : /^(false|0|off|no)$/i.test(v) ? false : undefined;

/** Runs of the tables; throws one Error listing every problem, each with file, line and column. */
export function importHammerdbTables(csvs: PublishedCsv[], meta: Meta, metaName?: string): HarvestedRun[] {
  const problems = postMetaProblems(meta, metaName);
  const date = meta.published?.date ?? meta.date;

  const builds = new Map<string, BuildRows>();
  const parsed = csvs.map((c) => {
    try {
      return { c, csv: parseCsv(new TextDecoder().decode(c.data), c.name) };
    } catch (e) {
      problems.push((e as Error).message);
      return undefined;
    }
  });
  // Tables that define builds first, so a metrics-only table can join them whatever the order of the files.
  const defining = (h: string[]) => h.includes('dbms') || h.includes('version') || h.includes('config');
  const ordered = parsed
    .filter((p) => p !== undefined)
    .sort((a, b) => Number(defining(b.csv.header)) - Number(defining(a.csv.header)));

  for (const { c, csv } of ordered) {
    const missing = REQUIRED.filter((r) => !csv.header.includes(r));
    if (missing.length) {
      problems.push(
        `${c.name}:1: no column ${missing.join(', ')}. A HammerDB table needs label, virtual_users, warehouses and metric columns (${Object.keys(HAMMERDB_METRICS).join(', ')}).`,
      );
      continue;
    }
    const unknown = csv.header.filter((h) => !DESCRIPTIVE.includes(h) && !(h in HAMMERDB_METRICS));
    if (unknown.length) {
      problems.push(
        `${c.name}:1: unknown column ${unknown.join(', ')}. Metric columns are ${Object.keys(HAMMERDB_METRICS).join(', ')}.`,
      );
      continue;
    }
    for (const row of csv.rows) readRow(c.name, row, defining(csv.header), builds, problems);
  }
  if (problems.length) throw new InputError(problems.join('\n'));
  return [...builds.values()].map((b) =>
    runOf(
      b,
      csvs.filter((c) => b.files.has(c.name)),
      meta,
      metaName,
      date!,
    ),
  );
}

function readRow(
  file: string,
  row: CsvRow,
  defines: boolean,
  builds: Map<string, BuildRows>,
  problems: string[],
): void {
  const at = (col: string) => `${file}:${row.line}: ${col}`;
  const cell = row.cells;
  const int = (col: string) => {
    const v = parseNumber(cell[col]);
    if (v === undefined || !Number.isInteger(v) || v <= 0)
      problems.push(`${at(col)}: "${cell[col]}" is not a positive whole number`);
    return v ?? 0;
  };
  const label = cell.label!;
  if (!label) return void problems.push(`${at('label')}: empty. Every row needs the build's label.`);
  const vu = int('virtual_users');
  const warehouses = int('warehouses');
  let sp: boolean | undefined;
  if (cell.stored_procedures !== undefined && cell.stored_procedures !== '') {
    sp = boolCell(cell.stored_procedures);
    if (sp === undefined) problems.push(`${at('stored_procedures')}: "${cell.stored_procedures}" is not true or false`);
  }
  let b = builds.get(label);
  if (defines) {
    const product = cell.dbms ? ProductSchema.safeParse(cell.dbms) : undefined;
    if (product && !product.success)
      problems.push(`${at('dbms')}: "${cell.dbms}" is not one of ${ProductSchema.options.join(', ')}`);
    const version = cell.version || undefined;
    if (version && !/^\d+(\.\d+)*((alpha|beta|rc)\d*)?$/.test(version))
      problems.push(`${at('version')}: "${version}" is not a dotted version like 8.4.8`);
    const facts = { product: product?.success ? product.data : undefined, version, config: cell.config || undefined };
    if (!b) builds.set(label, (b = { label, ...facts, points: [], files: new Set() }));
    else if (b.product !== facts.product || b.version !== facts.version || b.config !== facts.config) {
      problems.push(
        `${file}:${row.line}: label ${label} is ${[facts.product, facts.version, facts.config].join(' ')} here but ${[b.product, b.version, b.config].join(' ')} on an earlier row; one label is one build`,
      );
    }
  } else if (!b) {
    return void problems.push(
      `${at('label')}: no build "${label}" in the tables of this import. Import this table together with the one that lists ${label} with its dbms, version and config.`,
    );
  }
  b.files.add(file);
  let point = b.points.find((p) => p.vu === vu && p.warehouses === warehouses && p.sp === sp);
  if (!point) b.points.push((point = { vu, warehouses, sp, metrics: [] }));
  for (const metric of Object.keys(HAMMERDB_METRICS) as HammerdbMetric[]) {
    const text = cell[metric];
    if (text === undefined || text === '') continue;
    const value = parseNumber(text);
    if (value === undefined) {
      problems.push(`${at(metric)}: "${text}" is not a number`);
      continue;
    }
    const dup = point.metrics.find((m) => m.metric === metric);
    if (dup)
      problems.push(
        `${at(metric)}: ${label} at vu=${vu}, warehouses=${warehouses} already has ${metric} from ${dup.source}`,
      );
    else point.metrics.push({ metric, value, source: `${file}:${row.line}` });
  }
}

function runOf(
  b: BuildRows,
  files: PublishedCsv[],
  meta: Meta,
  metaName: string | undefined,
  date: string,
): HarvestedRun {
  const h = meta.hammerdb;
  const both = (p: Point) =>
    b.points.some((q) => q !== p && q.vu === p.vu && q.warehouses === p.warehouses && q.sp !== p.sp);
  const points = [...b.points].sort(
    (x, y) => x.warehouses - y.warehouses || x.vu - y.vu || Number(x.sp) - Number(y.sp),
  );
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  for (const p of points) {
    const name = `vu${p.vu}.w${p.warehouses}${both(p) && p.sp !== undefined ? (p.sp ? '.sp1' : '.sp0') : ''}`;
    const params: Record<string, number | boolean> = { virtualUsers: p.vu, warehouses: p.warehouses };
    const sp = p.sp ?? h?.storedProcedures;
    if (sp !== undefined) params.storedProcedures = sp;
    if (h?.partitioned !== undefined) params.partitioned = h.partitioned;
    if (h?.rampupMinutes !== undefined) params.rampupMinutes = h.rampupMinutes;
    if (h?.durationMinutes !== undefined) params.durationMinutes = h.durationMinutes;
    tests.push({
      name,
      status: 'ok',
      params,
      rawFiles: [...new Set(p.metrics.map((m) => m.source.replace(/:\d+$/, '')))],
    });
    for (const m of p.metrics)
      results.push({ test: name, metric: m.metric, value: m.value, unit: HAMMERDB_METRICS[m.metric] });
  }
  const raw: RawEntry[] = files.map((f) => ({ path: f.name, data: f.data }));
  // The date is the post's (dateSource published), whatever else the meta file says.
  return assembleRun({
    benchmark: 'hammerdb-tprocc',
    label: b.config ? `${b.label}.${b.config}` : b.label,
    date: { date, dateSource: 'published' },
    host: { name: meta.host!.name! },
    dbms: { product: b.product, version: b.version, label: b.label },
    config: { name: b.config ?? 'unspecified' },
    workload: workloadOfTests(tests, { buildVirtualUsers: h?.buildVirtualUsers }),
    tests,
    results,
    provenance: {
      source: 'published-table',
      format: 'published-csv',
      tools: [],
      commands: [],
      input: files.map((f) => f.name).join(', '),
      published: { ...meta.published!, date, file: files.map((f) => f.name).join(', ') },
    },
    raw,
    notes: [
      'numbers transcribed from a published table, not harvested from raw output; the CSV files are the raw files',
    ],
    meta: { ...meta, date: undefined },
    metaName,
  });
}
