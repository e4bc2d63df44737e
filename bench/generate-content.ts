// A content tree of N runs with realistic shapes, for the site build benchmark: half sysbench (~40 tests with
// per-second series), 30 % Insert Benchmark (10 steps), 20 % HammerDB grids (9 points). Each run is a template
// run made from real or synthetic raw output, given its own host, version, date and values (jittered, so no
// two runs chart alike). Raw archives are copies of the template's: content files may not be hard links.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { harvestAny } from '../collectors/harvest-any.ts';
import { loadRawInput } from '../collectors/lib/raw-input.ts';
import { writeHarvestedRun } from '../collectors/lib/write-run.ts';
import { seriesJsonBytes } from '../collectors/lib/series-json.ts';
import type { HarvestedRun } from '../collectors/lib/harvested.ts';
import { formatJson } from '../src/runs/format-json.ts';
import { runId } from '../src/runs/run-id.ts';
import type { Meta, Run, SeriesFile } from '../src/schemas/index.ts';
import { generateRawDir } from './generate-raw.ts';
import { random } from './synthetic.ts';

const ROOT = new URL('..', import.meta.url).pathname;

interface Template {
  run: Run;
  series: SeriesFile;
  archive: string;
}

/** Harvest one input into a scratch tree and keep its run, series and archive as a template. */
async function template(input: string, label: string | undefined, scratch: string, meta?: Meta): Promise<Template> {
  const result = harvestAny(await loadRawInput(input), { meta });
  const h: HarvestedRun = label ? result.runs.find((r) => r.run.label === label)! : result.runs[0]!;
  const w = await writeHarvestedRun(h, scratch, { archiveLevel: 1 });
  const run = JSON.parse(await readFile(join(w.dir, 'run.json'), 'utf8')) as Run;
  return { run, series: h.series, archive: join(w.dir, 'raw.tar.gz') };
}

/** Ten Insert Benchmark steps from the real eight: qr1000/qp1000 copied from qr500/qp500 at a higher rate. */
function tenSteps(t: Template): Template {
  const run = structuredClone(t.run);
  const series = structuredClone(t.series);
  for (const [from, to] of [
    ['qr500.L3', 'qr1000.L5'],
    ['qp500.L4', 'qp1000.L6'],
  ] as const) {
    const test = run.tests.find((x) => x.name === from);
    if (!test || run.tests.some((x) => x.name === to)) continue;
    run.tests.push({ ...structuredClone(test), name: to });
    run.results.push(...run.results.filter((r) => r.test === from).map((r) => ({ ...r, test: to })));
    if (series.tests[from]) series.tests[to] = structuredClone(series.tests[from]!);
  }
  return { ...t, run, series };
}

function variant(t: Template, i: number, kind: string): { run: Run; series: SeriesFile } {
  const r = random(i + 1);
  const run = structuredClone(t.run);
  const factor = 0.8 + r() * 0.4;
  const major = 10 + (i % 9);
  const minor = Math.floor(i / 9) % 40;
  run.host.name = `host${String(i % 25).padStart(2, '0')}`;
  run.date = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
  run.dateSource = 'raw-files';
  run.dbms.version =
    run.dbms.product === 'mysql'
      ? `8.${major - 10}.${minor}`
      : run.dbms.product === 'mariadb'
        ? `${major}.${minor % 12}.${minor}`
        : `${major}.${minor}`;
  run.label = `${kind}${i}.${run.dbms.product ?? 'db'}${run.dbms.version.replace(/\D/g, '')}.c${i % 4}`;
  run.config = { ...run.config, name: `c${i % 4}` };
  run.results = run.results.map((x) => ({ ...x, value: x.value * (factor + (r() - 0.5) * 0.06) }));
  const series: SeriesFile = { schemaVersion: 1, tests: {} };
  for (const [test, list] of Object.entries(t.series.tests)) {
    series.tests[test] = list.map((s) => {
      // The time and thread columns stay as harvested: validate checks a test's threads against its series.
      const keep = s.columns.map((c) => c.unit === 's' || c.unit === 'threads');
      return {
        ...s,
        rows: s.rows.map((row) =>
          row.map((v, j) => (v === null || keep[j] ? v : Math.round(v * (factor + (r() - 0.5) * 0.1) * 100) / 100)),
        ),
      };
    });
  }
  return { run, series };
}

/** The first `n` tests of a template, with their results and series. */
function firstTests(t: Template, n: number): Template {
  const run = structuredClone(t.run);
  run.tests = run.tests.slice(0, n);
  const kept = new Set(run.tests.map((x) => x.name));
  run.results = run.results.filter((r) => kept.has(r.test));
  const series: SeriesFile = { schemaVersion: 1, tests: {} };
  for (const name of kept) if (t.series.tests[name]) series.tests[name] = t.series.tests[name]!;
  return { ...t, run, series };
}

/**
 * Write (once; reused when complete) a content tree of `n` runs under `dir`. A `light` tree (the 100,000 runs)
 * keeps to a few gigabytes: 60 % sysbench runs of 10 tests, 35 % HammerDB grids, 5 % Insert Benchmark runs,
 * series.json for one run in ten, and no raw archives in the tree (run.json names them at a URL, as a site that
 * keeps archives elsewhere does).
 */
export async function generateContent(
  dir: string,
  n: number,
  log: (s: string) => void = () => {},
  opts: { light?: boolean } = {},
): Promise<{ dir: string; runs: number }> {
  // The format of the generated tree: bump to generate it again (2: no charts.html, archives copied, not linked;
  // 3: time and thread columns of series not jittered).
  const marker = join(dir, opts.light ? '.complete-3-light' : '.complete-3');
  if (existsSync(marker)) return { dir, runs: n };
  await rm(dir, { recursive: true, force: true });
  const scratch = join(dir, '..', '.templates');
  log(
    'templates: a synthetic 40-test sysbench run (60 s per test, 1-second samples), the real 1m Insert Benchmark run, a published HammerDB grid',
  );
  const sysRaw = await generateRawDir(join(dir, '..', 'raw-sysbench-one-run'), Infinity, 60, 1);
  // The published HammerDB grid is already a run (its raw file is the post's CSV).
  const grid = join(ROOT, 'content/runs/hammerdb-tprocc/ax162s/20260215-pg181.x10b50g_c32r128');
  const templates: Record<string, Template> = {
    sysbench: await template(sysRaw.dir, undefined, scratch, { host: { name: 'bench' } }),
    ibench: tenSteps(await template(join(ROOT, 'tests/fixtures/realruns/ibench.tar.gz'), '1m.pg1518.ccy1', scratch)),
    hammerdb: {
      run: JSON.parse(await readFile(join(grid, 'run.json'), 'utf8')) as Run,
      series: { schemaVersion: 1, tests: {} },
      archive: join(grid, 'raw.tar.gz'),
    },
  };
  if (opts.light) templates.sysbench = firstTests(templates.sysbench!, 10);
  const runsDir = join(dir, 'runs');
  await mkdir(join(dir, 'reports'), { recursive: true });
  for (let i = 0; i < n; i++) {
    const kind = opts.light
      ? i % 20 < 12
        ? 'sysbench'
        : i % 20 < 19
          ? 'hammerdb'
          : 'ibench'
      : i % 10 < 5
        ? 'sysbench'
        : i % 10 < 8
          ? 'ibench'
          : 'hammerdb';
    const t = templates[kind]!;
    const { run, series } = variant(t, i, kind);
    if (opts.light && i % 10 !== 0) {
      series.tests = {};
      for (const test of run.tests) delete test.series;
    }
    if (opts.light && run.provenance.rawArchive)
      run.provenance.rawArchive = {
        ...run.provenance.rawArchive,
        location: `https://archives.example/${runId(run)}/raw.tar.gz`,
      };
    const runDir = join(runsDir, runId(run));
    await mkdir(runDir, { recursive: true });
    if (Object.keys(series.tests).length) {
      // As `benchsite harvest` writes them.
      await writeFile(join(runDir, 'series.json'), seriesJsonBytes(series));
    }
    if (run.provenance.rawArchive?.location === 'raw.tar.gz') {
      if (!existsSync(join(runDir, 'raw.tar.gz'))) await copyFile(t.archive, join(runDir, 'raw.tar.gz'));
    }
    await writeFile(join(runDir, 'run.json'), formatJson(run));
    if ((i + 1) % 1000 === 0) log(`${i + 1} runs written`);
  }
  await writeFile(marker, String(n));
  return { dir, runs: n };
}
