// The HammerDB harness's summary CSVs (mytools bench/hammerdb), one measured point per file, named after the
// point's result directory: `sum.res.<dbms>.load<n>.vu<v>.w<w>.<rampup>.<duration>.csv` holds
// `<build>,<NOPM>` per DBMS build (the short build code, e.g. `pg181`), and the `.rel.csv` beside it
// `<build>,<NOPM / NOPM of the first row, %.3f>` for every build but the first. The files of a directory
// become one run per build with one test per point, named and measured as harvested HammerDB runs
// (`vu<v>.w<w>`, `nopm`), provenance `harness-summary`. Every relative cell is checked. Pure.
import type { Meta, ResultRow, Test } from '../../src/schemas/index.ts';
import { archiveRun, fullLabel, type ArchiveImport } from '../../collectors/lib/archive-run.ts';
import type { HarvestedRun } from '../../collectors/lib/harvested.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { numberedLines } from '../../collectors/lib/numbers.ts';
import { printedRatio, ratioAgrees } from '../../collectors/lib/printed-ratio.ts';
import { entryText, fileName, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import { HAMMERDB_METRICS } from './vocabulary.ts';
import { parseResDir, type ResDir } from './mytools-layout.ts';
import { workloadOfTests } from './workload.ts';
import { InputError } from '../../collectors/lib/input-error.ts';

const SUM_RES = /^sum\.(res\..+?)(\.rel)?\.csv$/;

/** The point a sum.res file name describes, and whether it is the relative table. */
export function parseSumResName(name: string): { point: ResDir; relative: boolean } | undefined {
  const m = SUM_RES.exec(name);
  const point = m ? parseResDir(m[1]!) : undefined;
  return point ? { point, relative: m![2] !== undefined } : undefined;
}

export function isSumRes(path: string): boolean {
  return parseSumResName(fileName(path)) !== undefined;
}

export interface SumResRow {
  line: number;
  build: string;
  printed: string;
  value: number;
}

/** `<build>,<number>` lines. Throws with file and line for anything else. */
export function parseSumRes(text: string, file: string, relative: boolean): SumResRow[] {
  const ok = relative ? /^\d+(\.\d+)?$/ : /^\d+$/;
  const rows = numberedLines(text).map(({ line, text: t }) => {
    const f = t.split(',');
    if (f.length !== 2 || !/^[A-Za-z0-9._-]+$/.test(f[0]!.trim()) || !ok.test(f[1]!.trim()))
      throw new InputError(
        `${file}:${line}: ${JSON.stringify(t.slice(0, 60))} is not "<build>,<${relative ? 'relative NOPM' : 'NOPM'}>"`,
      );
    return { line, build: f[0]!.trim(), printed: f[1]!.trim(), value: Number(f[1]) };
  });
  if (rows.length === 0) throw new InputError(`${file}: empty; a sum.res file has one line per DBMS build`);
  return rows;
}

const PRODUCT = { pg: 'postgres', my: 'mysql', ma: 'mariadb' } as const;

/** The runs of one directory's sum.res files (paths relative to the input). */
export function importSumRes(
  input: string,
  dir: string,
  entries: RawEntry[],
  opts: { meta?: Meta; metaName?: string },
): ArchiveImport {
  const out: ArchiveImport = { runs: [], skipped: [], warnings: [] };
  const builds = new Map<
    string,
    { dbms: string; points: Array<{ res: ResDir; row: SumResRow; file: string }>; files: Set<RawEntry> }
  >();
  const byName = new Map(entries.map((e) => [fileName(e.path), e]));
  const notes = new Map<string, string[]>();
  for (const e of entries) {
    const name = fileName(e.path);
    const p = parseSumResName(name);
    if (!p) {
      out.skipped.push({ path: e.path, reason: 'not a HammerDB sum.res summary' });
      continue;
    }
    if (p.relative) {
      if (!byName.has(name.replace(/\.rel\.csv$/, '.csv')))
        out.skipped.push({
          path: e.path,
          reason: 'a relative table without the sum.res file of absolute NOPM it was computed from',
        });
      continue;
    }
    const rows = parseSumRes(entryText(e), e.path, false);
    const relEntry = byName.get(name.replace(/\.csv$/, '.rel.csv'));
    if (relEntry)
      for (const w of checkRelative(
        rows,
        parseSumRes(entryText(relEntry), relEntry.path, true),
        e.path,
        relEntry.path,
      )) {
        out.warnings.push(w.text);
        if (w.build) notes.set(w.build, [...(notes.get(w.build) ?? []), w.text]);
      }
    for (const row of rows) {
      let b = builds.get(row.build);
      if (!b) builds.set(row.build, (b = { dbms: p.point.dbms, points: [], files: new Set() }));
      const dup = b.points.find(
        (x) => x.res.virtualUsers === p.point.virtualUsers && x.res.warehouses === p.point.warehouses,
      );
      if (dup)
        throw new InputError(
          `${e.path}:${row.line}: ${row.build} at vu=${p.point.virtualUsers}, w=${p.point.warehouses} is also in ${dup.file}`,
        );
      b.points.push({ res: p.point, row, file: e.path });
      b.files.add(e);
      if (relEntry) b.files.add(relEntry);
    }
  }
  for (const [build, b] of builds) out.runs.push(runOf(build, b, notes.get(build) ?? [], input, dir, opts));
  return out;
}

/** Each relative cell against NOPM / NOPM of the first build, to the printed precision. */
function checkRelative(abs: SumResRow[], rel: SumResRow[], absFile: string, relFile: string) {
  const warnings: Array<{ text: string; build?: string }> = [];
  const base = abs[0]!;
  const others = abs.slice(1);
  if (rel.map((r) => r.build).join(',') !== others.map((r) => r.build).join(','))
    warnings.push({
      text: `${relFile}: its builds (${rel.map((r) => r.build).join(', ')}) are not those after the first of ${absFile} (${others.map((r) => r.build).join(', ')})`,
    });
  for (const r of rel) {
    const a = others.find((x) => x.build === r.build);
    if (a && !ratioAgrees(r.printed, a.value, base.value))
      warnings.push({
        build: r.build,
        text: `${relFile}:${r.line}: ${r.build}: printed ${r.printed}, benchsite computes ${printedRatio(r.printed, a.value, base.value)} (${a.value} / ${base.value} from ${absFile})`,
      });
  }
  return warnings;
}

function runOf(
  build: string,
  b: { dbms: string; points: Array<{ res: ResDir; row: SumResRow; file: string }>; files: Set<RawEntry> },
  warnings: string[],
  input: string,
  dir: string,
  opts: { meta?: Meta; metaName?: string },
): HarvestedRun {
  const label = fullLabel(build, opts.meta);
  const decoded = decodeLabel(label);
  const h = opts.meta?.hammerdb;
  const points = [...b.points].sort(
    (x, y) => x.res.warehouses - y.res.warehouses || x.res.virtualUsers - y.res.virtualUsers,
  );
  const tests: Test[] = [];
  const results: ResultRow[] = [];
  for (const { res, row, file } of points) {
    const name = `vu${res.virtualUsers}.w${res.warehouses}`;
    const params: Record<string, number | boolean> = {
      virtualUsers: res.virtualUsers,
      warehouses: res.warehouses,
      rampupMinutes: res.rampupMinutes,
      durationMinutes: res.durationMinutes,
    };
    if (h?.storedProcedures !== undefined) params.storedProcedures = h.storedProcedures;
    if (h?.partitioned !== undefined) params.partitioned = h.partitioned;
    tests.push({ name, status: 'ok', params, rawFiles: [file] });
    results.push({ test: name, metric: 'nopm', value: row.value, unit: HAMMERDB_METRICS.nopm });
  }
  const buildVirtualUsers = points[0]!.res.buildVirtualUsers;
  return archiveRun(
    {
      benchmark: 'hammerdb-tprocc',
      label,
      shortName: build,
      decoded,
      product: PRODUCT[b.dbms as keyof typeof PRODUCT],
      workload: workloadOfTests(tests, { buildVirtualUsers }),
      tests,
      results,
      source: 'harness-summary',
      format: 'mytools-hammerdb-sum-res',
      input: dir ? `${input}/${dir}` : input,
      raw: [...b.files].sort((x, y) => (x.path < y.path ? -1 : 1)),
      notes: [
        "read from the harness's sum.res summaries: NOPM per build and point as the harness printed it; there is no TPM, response time, vmstat or iostat",
        ...warnings,
      ],
    },
    opts.meta,
    opts.metaName,
  );
}
