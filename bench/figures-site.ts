// Figures 2-4: site build time and peak memory at 1,000 and 10,000 runs (and the 100,000 of scaleFigures),
// rebuild after adding one run, the largest report page, and the compare view (bytes, and time to its table in
// headless Chromium).
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { serveDir } from '../tests/helpers/static-server.ts';
import { generateContent } from './generate-content.ts';
import { runMeasured, type Figure } from './measure.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// What `npm run build` runs: the rebuild without Astro when only runs changed, else astro build.
const BUILD = join(ROOT, 'bin/build.js');

/** Forget every build cache, so a build is a first build. */
async function coldCaches(): Promise<void> {
  for (const d of ['.astro', 'node_modules/.astro', 'node_modules/.cache/benchsite', 'node_modules/.vite'])
    await rm(join(ROOT, d), { recursive: true, force: true });
}

async function build(content: string, out: string) {
  const r = await runMeasured([process.execPath, BUILD, '--outDir', out], {
    cwd: ROOT,
    env: { BENCHSITE_CONTENT: content },
  });
  if (r.code !== 0) throw new Error(`npm run build of ${content} failed:\n${r.output.slice(-3000)}`);
  // The line bin/build.js prints: which way it built, and why.
  const path = /^(full build: .*|rebuilt .*|no run changed .*)$/m.exec(r.output)?.[1] ?? 'path not printed';
  return { ...r, path };
}

/** The issue's targets (issue 26) by the number of runs. */
const TARGETS: Record<number, { wall?: string; cpu?: string; rss?: string; rebuild?: string }> = {
  1000: { cpu: '<= 12' },
  10_000: { wall: '<= 30', rss: '<= 1536', rebuild: '<= 1' },
  100_000: { wall: '<= 300', rss: '<= 4096', rebuild: '<= 2' },
};

export async function buildFigures(
  work: string,
  sizes: number[],
  log: (s: string) => void,
  opts: { light?: boolean } = {},
): Promise<Figure[]> {
  const figures: Figure[] = [];
  // Node's compile cache (bin/build.js) is filled by the first build after an install and kept, like
  // node_modules: without this build first, the first bench on a machine measured that one-time cost too (1.3
  // CPU-s of a 1,000-run build on the Intel VM, its vega modules compiled for the first time there), the next
  // bench did not. Not measured; the build caches are cleared before each measured build as before.
  log("filling Node's compile cache: a build of the committed runs, not measured");
  const warm = join(work, 'dist-warm-up');
  await build(join(ROOT, 'content'), warm);
  await rm(warm, { recursive: true, force: true });
  for (const n of sizes) {
    log(`content tree of ${n} runs (generated once)`);
    const content = join(work, `content-${n}`);
    await generateContent(content, n, log, opts);
    await coldCaches();
    log(`building the site of ${n} runs from scratch`);
    const out = join(work, `dist-${n}`);
    await rm(out, { recursive: true, force: true });
    const full = await build(content, out);
    figures.push({
      name: `site_build_s_${n}_runs`,
      value: full.seconds,
      unit: 's',
      note: `npm run build, no build caches, Node's compile cache filled (${full.path})`,
      target: TARGETS[n]?.wall,
    });
    if (full.cpuSeconds !== undefined)
      figures.push({
        name: `site_build_cpu_s_${n}_runs`,
        value: full.cpuSeconds,
        unit: 's',
        note: 'user + system CPU of the build and its worker threads: the wall time on a shared machine stretches, this does not',
        target: TARGETS[n]?.cpu,
      });
    if (full.peakRssMb)
      figures.push({
        name: `site_build_peak_rss_mb_${n}_runs`,
        value: full.peakRssMb,
        unit: 'MB',
        target: TARGETS[n]?.rss,
      });
    if (n === Math.max(...sizes)) {
      // The index lists hosts, not runs, and loads the run index only to search: its size at this many runs.
      const index = await pageBytes(out, 'index.html');
      const runIndex = (await stat(join(out, 'data/runs/index.json'))).size;
      figures.push({
        name: `index_page_kb_${n}_runs`,
        value: index / 1024,
        unit: 'KB',
        note: `HTML + CSS; its filter loads /data/runs/index.json (${Math.round(runIndex / 1024)} KB) and the files of the hosts it needs when used`,
        target: '<= 100',
      });
      // One more run (a copy of an existing one under a new label), then build again with the caches warm; three
      // times, one run more each time (the first also bundles the rebuild's code and compiles it into Node's
      // compile cache), and the median taken, since other work on the machine moves a 2-second figure a lot.
      const runs = join(content, 'runs', 'sysbench');
      const host = (await readdir(runs))[0]!;
      const first = (await readdir(join(runs, host))).filter((d) => !/added-run/.test(d)).sort()[0]!;
      const addedDirs: string[] = [];
      const rebuilds: Array<Awaited<ReturnType<typeof build>> & { load: number }> = [];
      for (let i = 1; i <= 3; i++) {
        const label = i === 1 ? 'added-run' : `added-run${i}`;
        const added = join(runs, host, `${first.slice(0, 9)}${label}`);
        addedDirs.push(added);
        await rm(added, { recursive: true, force: true }); // left by a run of the bench that was stopped
        await cp(join(runs, host, first), added, { recursive: true });
        const run = JSON.parse(await readFile(join(added, 'run.json'), 'utf8'));
        run.label = label;
        await writeFile(join(added, 'run.json'), JSON.stringify(run, null, 2));
        log(`rebuilding the site of ${n} runs after adding one (${i} of 3)`);
        const load = loadavg()[0]!;
        const again = await build(content, out);
        log(again.path);
        rebuilds.push({ ...again, load });
      }
      for (const d of addedDirs) await rm(d, { recursive: true, force: true });
      const median = [...rebuilds].sort((x, y) => x.seconds - y.seconds)[1]!;
      figures.push({
        name: `site_rebuild_one_run_s_${n}_runs`,
        value: median.seconds,
        unit: 's',
        note: `npm run build after adding one run, caches warm, median of 3 (${rebuilds.map((r) => `${r.seconds.toFixed(2)} s wall, ${r.cpuSeconds?.toFixed(1)} s CPU at load ${r.load.toFixed(1)}`).join('; ')}; ${median.path})`,
        target: TARGETS[n]?.rebuild,
      });
    }
  }
  return figures;
}

/** HTML + linked CSS of a page (SVG is inline). */
async function pageBytes(dist: string, page: string): Promise<number> {
  const html = await readFile(join(dist, page), 'utf8');
  let bytes = Buffer.byteLength(html);
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g))
    bytes += (await stat(join(dist, m[1]!))).size;
  return bytes;
}

export async function pageFigures(work: string, compareRuns: number, log: (s: string) => void): Promise<Figure[]> {
  log('building the site of the committed runs for page sizes');
  const dist = join(work, 'dist-site');
  await rm(dist, { recursive: true, force: true });
  await build(join(ROOT, 'content'), dist);
  let largest = { page: '', bytes: 0 };
  // Every page under /reports/: report pages and the Insert Benchmark steps pages.
  for (const file of (await readdir(join(dist, 'reports'), { recursive: true }))
    .map(String)
    .filter((f) => f.endsWith('index.html'))) {
    const bytes = await pageBytes(dist, join('reports', file));
    if (bytes > largest.bytes) largest = { page: file.replace(/\/?index\.html$/, '/'), bytes };
  }
  // What a reader downloads: static hosts send HTML and CSS gzip'd.
  const sent = gzipSync(await readFile(join(dist, 'reports', largest.page, 'index.html'))).length;
  const figures: Figure[] = [
    {
      name: 'largest_report_page_kb',
      value: largest.bytes / 1024,
      unit: 'KB',
      note: `${largest.page}: HTML + CSS + inline SVG, no JavaScript; its HTML gzip'd is ${Math.round(sent / 1024)} KB`,
      target: '<= 100',
    },
  ];

  const compareDist = join(work, `dist-${compareRuns}`);
  const html = await readFile(join(compareDist, 'compare/index.html'), 'utf8');
  let js = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + Buffer.byteLength(m[1]!), 0);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js += (await stat(join(compareDist, m[1]!))).size;
  const host = await firstHost(compareDist);
  const index = (await stat(join(compareDist, 'data/runs/index.json'))).size;
  const data = (await stat(join(compareDist, `data/compare/sysbench/${host.host}.json`))).size;
  figures.push({
    name: `compare_view_js_and_data_kb_${compareRuns}_runs`,
    value: (js + index + data) / 1024,
    unit: 'KB',
    note: `script ${Math.round(js / 1024)} KB + /data/runs/index.json ${Math.round(index / 1024)} KB + /data/compare/sysbench/${host.host}.json ${Math.round(data / 1024)} KB (the host it opens with, ${host.count} runs)`,
  });

  figures.push(await compareReady(compareDist, compareRuns, log));
  return figures;
}

/** The sysbench host the compare view opens with (the first the run index lists), and its number of runs. */
async function firstHost(dist: string): Promise<{ host: string; count: number }> {
  const index = JSON.parse(await readFile(join(dist, 'data/runs/index.json'), 'utf8')) as {
    groups: Array<{ benchmark: string; host: string; count: number }>;
  };
  return index.groups.find((g) => g.benchmark === 'sysbench')!;
}

/** Time from navigation to the compare view's table of runs, best of 3, on the site in `dist`. */
async function compareReady(dist: string, runs: number, log: (s: string) => void): Promise<Figure> {
  log(`timing the compare view with ${runs} runs in headless Chromium`);
  const server = await serveDir(dist);
  const browser = await launchBrowser();
  try {
    const host = await firstHost(dist);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage();
      const t = Date.now();
      await page.goto(`${server.url}/compare/?benchmark=sysbench`, { timeout: 600_000 });
      await page.locator('body[data-compare-ready="true"]').waitFor({ timeout: 600_000 });
      times.push(Date.now() - t);
      const rows = await page.locator('#runs tbody tr').count();
      // The picker lists 200 runs at most (the filter finds the others).
      if (rows !== Math.min(host.count, 200))
        throw new Error(`the compare view listed ${rows} runs of the ${host.count} of ${host.host}`);
      await page.close();
    }
    return {
      name: `compare_view_ready_ms_${runs}_runs`,
      value: Math.min(...times),
      unit: 'ms',
      note: `navigation to the table of the runs of the host it opens with (${host.count} of the ${runs} runs), best of 3 (${times.join(', ')} ms)`,
      target: runs >= 100_000 ? '<= 300' : '<= 1000',
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * The 100,000-run tree (generated once, a light one: generate-content.ts): a cold build, the rebuild after one
 * run is added, and the compare view.
 */
export async function scaleFigures(work: string, log: (s: string) => void): Promise<Figure[]> {
  const n = 100_000;
  const figures = await buildFigures(work, [n], log, { light: true });
  figures.push(await compareReady(join(work, `dist-${n}`), n, log));
  return figures;
}
