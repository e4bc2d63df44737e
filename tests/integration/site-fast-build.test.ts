// `npm run build` (bin/build.js) rebuilds without Astro when only runs changed, and the pages it writes are
// the bytes a full build writes: a small content tree built fully, two runs added (one on a known host, one on
// a new host, so a new host page and history page), rebuilt without Astro, and every file of dist/ compared
// with a cold full build of the same content. Then each reason for a full build, and a bad run refused with
// the full build's message.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

const exec = promisify(execFile);
const REPORT = '2026-11-22-postgres-mariadb-sysbench-small-vm.md';
const RUNS = [
  'sysbench/vm/20261122-x.pg1518.cy1.pk1',
  'sysbench/vm/20261122-x.pg1518.cy2.pk1',
  'sysbench/vm/20261122-x.ma101119.cy1.pk1',
  'sysbench/vm/20261122-x.ma101119.cy2.pk1',
  'hammerdb-tprocc/vm/20261122-pg1518',
  'hammerdb-tprocc/vm/20261122-pg1520',
];
const ON_KNOWN_HOST = 'sysbench/vm/20261122-x.pg1518.cy9.pk1';
const ON_NEW_HOST = 'sysbench/newhost/20261122-x.pg1518.cy1.pk1';

let tmp: string;
let content: string;
let out: string;

async function npmBuild(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const r = await exec(process.execPath, ['bin/build.js', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 1 << 26,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout + x.stderr };
  }
}
const build = (from = content, to = out) => npmBuild({ BENCHSITE_CONTENT: from }, '--outDir', to);

/** Every file below `dir`, as relative paths. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** A copy of a run under another id, with its run.json changed by `edit`. */
async function copyRun(from: string, to: string, edit: (run: Record<string, unknown>) => Record<string, unknown>) {
  await cp(join(content, 'runs', from), join(content, 'runs', to), { recursive: true });
  const file = join(content, 'runs', to, 'run.json');
  await writeFile(file, JSON.stringify(edit(JSON.parse(await readFile(file, 'utf8'))), null, 2));
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'benchsite-fast-build-'));
  content = join(tmp, 'content');
  out = join(tmp, 'dist');
  await mkdir(join(content, 'reports'), { recursive: true });
  for (const id of RUNS) await cp(join(ROOT, 'content/runs', id), join(content, 'runs', id), { recursive: true });
  await cp(join(ROOT, 'content/reports', REPORT), join(content, 'reports', REPORT));
  for (const f of ['annotations.yaml', 'config-families.yaml']) await cp(join(ROOT, 'content', f), join(content, f));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('npm run build without Astro', () => {
  it('writes the same files as a cold full build after runs are added', async () => {
    const first = await build();
    expect(first.code).toBe(0);
    expect(first.out).toContain('full build: no earlier build of this content into this folder by `npm run build`');
    expect((await build()).out).toMatch(/^no run changed since the last build: .* is current \(\d+\.\d s\)$/m);
    // The rebuild below runs from the bundle of its code the one above made (fast-build/bundle.ts), the only one.
    const bundles = join(ROOT, 'node_modules/.cache/benchsite/fast-build/code');
    expect(
      readdirSync(bundles).filter((d) => !d.includes('.tmp-') && existsSync(join(bundles, d, 'entry.js'))),
    ).toHaveLength(1);

    await copyRun(RUNS[0]!, ON_KNOWN_HOST, (r) => ({
      ...r,
      label: 'x.pg1518.cy9.pk1',
      config: { ...(r.config as object), name: 'cy9' },
    }));
    await copyRun(RUNS[0]!, ON_NEW_HOST, (r) => ({ ...r, host: { ...(r.host as object), name: 'newhost' } }));
    const second = await build();
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/^rebuilt 2 runs \(2 added\) without Astro: 2 run pages rendered, .* \(\d+\.\d s\)$/m);
    expect(second.out).not.toContain('full build');

    // The same content in another folder: no cache of Astro's or of the run pages applies.
    const cold = join(tmp, 'cold');
    await cp(content, join(tmp, 'content2'), { recursive: true });
    const third = await build(join(tmp, 'content2'), cold);
    expect(third.out).toContain('full build:');
    const written = files(out).filter((f) => f !== 'runs/.benchsite');
    expect(written).toEqual(files(cold).filter((f) => f !== 'runs/.benchsite'));
    expect(written).toContain('hosts/sysbench/newhost/index.html');
    expect(written).toContain('history/sysbench/newhost/postgres/index.html');
    for (const f of written) expect(readFileSync(join(out, f)), f).toEqual(readFileSync(join(cold, f)));

    // Again on top of that rebuild (its state is the full build's and a delta): a run removed, one changed.
    await rm(join(content, 'runs', ON_KNOWN_HOST), { recursive: true });
    const changed = join(content, 'runs', RUNS[5]!, 'run.json');
    await writeFile(
      changed,
      JSON.stringify({ ...JSON.parse(await readFile(changed, 'utf8')), notes: 'rerun' }, null, 2),
    );
    const fourth = await build();
    expect(fourth.out).toMatch(/^rebuilt 2 runs \(1 changed, 1 removed\) without Astro: 1 run page rendered/m);
    const cold2 = join(tmp, 'cold2');
    await cp(content, join(tmp, 'content3'), { recursive: true });
    expect((await build(join(tmp, 'content3'), cold2)).out).toContain('full build:');
    const again = files(out).filter((f) => f !== 'runs/.benchsite');
    expect(again).toEqual(files(cold2).filter((f) => f !== 'runs/.benchsite'));
    expect(again).not.toContain(`runs/${ON_KNOWN_HOST}/index.html`);
    for (const f of again) expect(readFileSync(join(out, f)), f).toEqual(readFileSync(join(cold2, f)));
  }, 300_000);

  it('refuses a bad added run with the message of the full build, and builds nothing', async () => {
    const bad = 'sysbench/vm/20261122-x.pg1518.cy8.pk1';
    await copyRun(RUNS[0]!, bad, (r) => ({ ...r, label: 'x.pg1518.cy8.pk1', date: 'yesterday' }));
    const fast = await build();
    expect(fast.code).not.toBe(0);
    expect(fast.out).not.toContain('full build');
    expect(fast.out).not.toMatch(/\n\s+at /); // no stack trace
    const lines = fast.out.split('\n').filter((l) => l.includes(bad));
    expect(lines.length).toBeGreaterThan(0);
    // The next build is a full one (the state is unchanged, the run still bad): the same lines.
    const slow = await npmBuild({ BENCHSITE_CONTENT: content, BENCHSITE_BASE: '/other/' }, '--outDir', join(tmp, 'x'));
    expect(slow.code).not.toBe(0);
    for (const l of lines) expect(slow.out).toContain(l.trim());
    await rm(join(content, 'runs', bad), { recursive: true });
  }, 300_000);

  describe('builds fully when it cannot be sure', () => {
    // The rebuild itself, in this process: each case returns before it writes anything.
    let fastRebuild: typeof import('../../src/site/fast-build/rebuild.ts').fastRebuild;
    let buildRequest: typeof import('../../src/site/fast-build/state.ts').buildRequest;
    let stateFile: string;
    let state: typeof import('../../src/site/fast-build/state.ts');
    // The state as the rebuild reads it (the full build's and the rebuilds' delta), and written back whole.
    const loadState = async () => (await state.readFastBuildState(stateFile))!;
    const putState = (s: Awaited<ReturnType<typeof loadState>>) => state.saveFastBuildState(stateFile, s);
    const env = () => ({ BENCHSITE_CONTENT: content });
    const reason = async (args = ['--outDir', out], e: Record<string, string> = env()) => {
      const r = await fastRebuild(buildRequest(ROOT, args, e));
      return r.built ? `built: ${r.message}` : r.reason;
    };
    beforeAll(async () => {
      process.env.BENCHSITE_CONTENT = content;
      ({ fastRebuild } = await import('../../src/site/fast-build/rebuild.ts'));
      state = await import('../../src/site/fast-build/state.ts');
      ({ buildRequest, statePath: stateFile } = await import('../../src/site/fast-build/state.ts').then((m) => ({
        buildRequest: m.buildRequest,
        statePath: m.statePath(ROOT, m.buildRequest(ROOT, ['--outDir', out], env())),
      })));
    });
    afterAll(() => {
      delete process.env.BENCHSITE_CONTENT;
    });

    it('is current when nothing changed', async () => {
      expect(await reason()).toMatch(/^built: no run changed/);
    });

    it('other arguments, environment, a preview, another output folder', async () => {
      expect(await reason(['--outDir', out, '--site', 'https://example.com'])).toContain(
        'astro build was given --site',
      );
      expect(await reason(['--outDir', out], { ...env(), BENCHSITE_BASE: '/pr-7/' })).toBe(
        'the arguments or environment differ from the last build’s',
      );
      expect(await reason(['--outDir', out], { ...env(), BENCHSITE_PREVIEW: 'x.json' })).toContain('a preview build');
      expect(await reason(['--outDir', join(tmp, 'elsewhere')])).toContain('no earlier build');
    });

    it('dist/ changed by another build, or the code changed', async () => {
      const marker = join(out, 'runs/.benchsite');
      const build = await readFile(marker, 'utf8');
      await writeFile(marker, 'another build');
      expect(await reason()).toBe(`${out} is not what the last build wrote`);
      await writeFile(marker, build);
      const saved = await loadState();
      await putState({ ...saved, inputs: { ...saved.inputs, code: 'older' } });
      expect(await reason()).toContain(
        'src/, public/, docs/, astro.config.mjs, package.json or package-lock.json changed',
      );
      await putState(saved);
      expect(await reason()).toMatch(/^built: no run changed/);
    });

    it('a run a report names, or a published-relative run, changed; the last run of a host removed; a new benchmark', async () => {
      // The state names the runs the report names.
      const parsed = await loadState();
      expect(parsed.reportRuns).toEqual([...RUNS.slice(0, 4)].sort());
      // Runs the state has and content/runs has not count as removed: each case is such a run in the state.
      const removed = async (
        id: string,
        edit: (run: { summary: { source: string; host: { name: string } } }) => void,
      ) => {
        const saved = structuredClone(parsed);
        const run = structuredClone(parsed.runs[ON_NEW_HOST]!);
        edit(run);
        await putState({ ...parsed, runs: { ...parsed.runs, [id]: run } });
        const r = await reason();
        await putState(saved);
        return r;
      };
      parsed.reportRuns.push('sysbench/newhost/20261122-gone');
      expect(await removed('sysbench/newhost/20261122-gone', () => {})).toBe(
        'sysbench/newhost/20261122-gone, which a report names, changed',
      );
      parsed.reportRuns.pop();
      expect(await removed('sysbench/newhost/20261122-gone', (r) => (r.summary.source = 'published-relative'))).toBe(
        'sysbench/newhost/20261122-gone, a published-relative run (reports and their steps pages read it), changed',
      );
      expect(await removed('sysbench/gonehost/20261122-gone', (r) => (r.summary.host.name = 'gonehost'))).toBe(
        'the last run of sysbench/gonehost was removed (its page goes)',
      );
      const ibench = 'insert-benchmark/vm/20261122-0.2m.pg1518.ccy1';
      await cp(join(ROOT, 'content/runs', ibench), join(content, 'runs', ibench), { recursive: true });
      expect(await reason()).toBe('the set of benchmarks changed (the compare page lists them)');
      await rm(join(content, 'runs/insert-benchmark'), { recursive: true });
      expect(await reason()).toMatch(/^built: no run changed/);
      // A file added to a run folder makes it changed, and checked with the file rules as a full build checks it.
      await writeFile(join(content, 'runs', ON_NEW_HOST, 'notes.txt'), 'x');
      const refused = await reason().catch((e: Error) => e.message);
      await rm(join(content, 'runs', ON_NEW_HOST, 'notes.txt'));
      expect(refused).toMatch(/notes\.txt: \(file\): is not a run file/);
    });

    it('a full build that starts forgets the state (astro:build:start), whatever the spelling of its folder', async () => {
      const saved = await loadState();
      await state.forgetFastBuildState(ROOT, `${out}/`); // Astro's outDir ends with a slash
      expect(await reason()).toContain('no earlier build');
      await putState(saved);
      expect(await reason()).toMatch(/^built: /); // (the folder where notes.txt was counts as changed)
    });

    it('a report, annotation or other content file changed', async () => {
      await writeFile(join(content, 'reports/new.md'), '---\n---\n');
      expect(await reason()).toContain('a content file other than a run');
      await rm(join(content, 'reports/new.md'));
      const annotations = join(content, 'annotations.yaml');
      await writeFile(annotations, (await readFile(annotations, 'utf8')) + '\n');
      expect(await reason()).toContain('a content file other than a run');
    });
  });
});
