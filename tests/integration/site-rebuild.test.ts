// A rebuild reads and renders only what changed: the content loader validates new or edited runs only, and
// run pages come from the cache unless their run changed (design: run pages rendered outside Astro).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

const run = promisify(execFile);
const RUNS = [
  'sysbench/vm/20261122-x.pg1518.cy1.pk1',
  'sysbench/vm/20261122-x.ma101119.cy1.pk1',
  'insert-benchmark/vm/20261122-0.2m.pg1518.ccy1',
];
const ADDED = 'sysbench/vm/20261122-x.pg1518.cy9.pk1';

let content: string;
let out: string;
async function build(from = content): Promise<string> {
  const r = await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', out], {
    cwd: ROOT,
    env: { ...process.env, BENCHSITE_CONTENT: from },
    maxBuffer: 1 << 26,
  });
  return r.stdout;
}
const page = (id: string) => readFile(join(out, 'runs', id, 'index.html'), 'utf8');

beforeAll(async () => {
  const tmp = await mkdtemp(join(tmpdir(), 'benchsite-rebuild-'));
  content = join(tmp, 'content');
  out = join(tmp, 'dist');
  await mkdir(join(content, 'reports'), { recursive: true });
  for (const id of RUNS) await cp(join(ROOT, 'content/runs', id), join(content, 'runs', id), { recursive: true });
});
afterAll(() => rm(join(content, '..'), { recursive: true, force: true }));

describe('site rebuild', () => {
  it('renders every run page the first time, then only what changed, and keeps dist/runs/ to the current runs', async () => {
    const first = await build();
    expect(first).toMatch(/3 runs \((3|0) validated/);
    expect(first).toMatch(/3 run pages, with their CSV and raw archive \(\d rendered/);
    expect(await page(RUNS[0]!)).toContain('<h1>x.pg1518.cy1.pk1</h1>');

    // A new run: a copy of one under another config name (the label and id say cy9).
    const added = JSON.parse(await readFile(join(content, 'runs', RUNS[0]!, 'run.json'), 'utf8'));
    await cp(join(content, 'runs', RUNS[0]!), join(content, 'runs', ADDED), { recursive: true });
    await writeFile(
      join(content, 'runs', ADDED, 'run.json'),
      JSON.stringify({ ...added, label: 'x.pg1518.cy9.pk1', config: { ...added.config, name: 'cy9' } }, null, 2),
    );
    const second = await build();
    expect(second).toContain('4 runs (1 validated, 3 unchanged)');
    expect(second).toContain('4 run pages, with their CSV and raw archive (1 rendered, 3 from the cache');
    expect(await page(ADDED)).toContain('<h1>x.pg1518.cy9.pk1</h1>');
    expect(await page(RUNS[1]!)).toContain('<h1>x.ma101119.cy1.pk1</h1>');

    // An edited run: new notes on its page, the other pages untouched.
    const file = join(content, 'runs', RUNS[1]!, 'run.json');
    await writeFile(
      file,
      JSON.stringify(
        { ...JSON.parse(await readFile(file, 'utf8')), notes: 'rerun after fixing the buffer pool size' },
        null,
        2,
      ),
    );
    const third = await build();
    expect(third).toContain('4 runs (1 validated, 3 unchanged)');
    // The edited run's old page and CSV leave the cache; its archive, the same bytes, stays.
    expect(third).toContain('4 run pages, with their CSV and raw archive (1 rendered, 3 from the cache, 2 stale');
    expect(await page(RUNS[1]!)).toContain('<p>rerun after fixing the buffer pool size</p>');
    expect(await readFile(join(out, 'runs', ADDED, 'raw.tar.gz'))).toEqual(
      await readFile(join(content, 'runs', ADDED, 'raw.tar.gz')),
    );

    // A removed run leaves the site; a stray file in dist/ does not survive a build (dist/ is emptied but
    // for runs/, which the build keeps current).
    await rm(join(content, 'runs', RUNS[2]!), { recursive: true });
    await writeFile(join(out, 'stray.html'), 'old');
    const fourth = await build();
    expect(fourth).toContain('3 run pages, with their CSV and raw archive (0 rendered, 3 from the cache, 3 stale');
    expect(existsSync(join(out, 'runs', RUNS[2]!))).toBe(false);
    expect(existsSync(join(out, 'runs', 'insert-benchmark'))).toBe(false);
    expect(existsSync(join(out, 'stray.html'))).toBe(false);
    expect(existsSync(join(out, 'index.html'))).toBe(true);

    // dist/ removed by hand: every page comes back, from the cache.
    await rm(out, { recursive: true });
    const fifth = await build();
    expect(fifth).toContain('3 run pages, with their CSV and raw archive (0 rendered, 3 from the cache');
    for (const id of [RUNS[0]!, RUNS[1]!, ADDED]) {
      for (const f of ['index.html', 'results.csv', 'raw.tar.gz'])
        expect(existsSync(join(out, 'runs', id, f)), `${id}/${f}`).toBe(true);
    }

    // Other content built into the same dist/ in between: its runs do not linger in the next build.
    const other = join(content, '..', 'other');
    await mkdir(join(other, 'reports'), { recursive: true });
    await cp(join(ROOT, 'content/runs', RUNS[2]!), join(other, 'runs', RUNS[2]!), { recursive: true });
    await build(other);
    expect(existsSync(join(out, 'runs', RUNS[2]!, 'index.html'))).toBe(true);
    expect(existsSync(join(out, 'runs', ADDED))).toBe(false);
    const sixth = await build();
    expect(sixth).toContain('3 run pages, with their CSV and raw archive (0 rendered, 3 from the cache');
    expect(existsSync(join(out, 'runs', RUNS[2]!))).toBe(false);
    expect(existsSync(join(out, 'runs', ADDED, 'index.html'))).toBe(true);

    // A run whose raw archive moved to object storage (run.json says where): the site links there instead.
    const moved = join(content, 'runs', RUNS[0]!, 'run.json');
    const elsewhere = JSON.parse(await readFile(moved, 'utf8'));
    elsewhere.provenance.rawArchive.location = 'https://objects.example.com/x.pg1518.cy1.pk1.tar.gz';
    await writeFile(moved, JSON.stringify(elsewhere, null, 2));
    await rm(join(content, 'runs', RUNS[0]!, 'raw.tar.gz'));
    const seventh = await build();
    expect(seventh).toContain('3 run pages, with their CSV and raw archive (1 rendered, 2 from the cache');
    expect(existsSync(join(out, 'runs', RUNS[0]!, 'raw.tar.gz'))).toBe(false);
    expect(await page(RUNS[0]!)).toContain('<a href="https://objects.example.com/x.pg1518.cy1.pk1.tar.gz">');
  }, 300_000);
});
