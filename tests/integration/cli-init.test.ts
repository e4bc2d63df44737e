// `benchsite init` in a copy of the project, as a new publisher starts: the demo moves to examples/demo/, the
// site config is written, and `npm run build` (into a folder beside the project, whose name starts with the
// project's: the case Astro's own check gets wrong) builds an empty site with the new title and author and no
// sample report, and warns of nothing; `npm run build:demo` still builds the demo. Refusals move nothing.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/build-site.ts';

const exec = promisify(execFile);
const PROJECT = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
const FOLDERS = ['bin', 'benchmarks', 'collectors', 'src', 'public', 'scripts', 'content', 'examples'];

let tmp: string;
let site: string;

async function run(args: string[], opts: { env?: Record<string, string> } = {}) {
  try {
    const r = await exec(process.execPath, args, {
      cwd: site,
      env: { ...process.env, ...opts.env },
      maxBuffer: 1 << 26,
      timeout: 280_000,
    });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}
const init = (...args: string[]) => run(['bin/benchsite.js', 'init', ...args]);
const demoRuns = () => readdirSync(join(site, 'examples/demo/runs'), { recursive: true }).length;
const REPORTS = readdirSync(join(ROOT, 'content/reports')).filter((f) => f.endsWith('.md')).length;
const RUNS = readdirSync(join(ROOT, 'content/runs'), { recursive: true }).filter((f) =>
  String(f).endsWith('run.json'),
).length;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'benchsite-init-'));
  site = join(tmp, 'site');
  for (const f of [...PROJECT, ...FOLDERS]) cpSync(join(ROOT, f), join(site, f), { recursive: true });
  // The packages, linked one by one: the copy gets caches of its own (node_modules/.cache, .astro), as a clone would.
  mkdirSync(join(site, 'node_modules'));
  for (const e of readdirSync(join(ROOT, 'node_modules')))
    if (e !== '.cache' && e !== '.astro') symlinkSync(join(ROOT, 'node_modules', e), join(site, 'node_modules', e));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('benchsite init', () => {
  it('without a terminal, asks for --title and --author and moves nothing', async () => {
    const r = await init('--url', 'https://example.org/');
    expect(r.code).toBe(2);
    expect(r.err).toContain('benchsite init: give --title and --author (there is no terminal to ask in)');
    expect(existsSync(join(site, 'examples/demo'))).toBe(false);
  });

  it('refuses a bad address in one line and moves nothing', async () => {
    const r = await init('--title', 'T', '--author', 'A', '--url', 'javascript:alert(1)');
    expect(r.code).toBe(2);
    expect(r.err.split('\n')[0]).toBe(
      'benchsite init: --url: not an http(s) URL. Write it as a full URL, e.g. https://example.com/post (javascript:, data: and other schemes are refused).',
    );
    expect(existsSync(join(site, 'examples/demo'))).toBe(false);
    expect(readdirSync(join(site, 'content/reports')).length).toBe(REPORTS);
  });

  it('moves the demo to examples/demo/ and writes content/site.yaml', async () => {
    const title = 'Tom\'s "fsync" results & <notes>';
    const r = await init('--title', title, '--author', 'Tom Ö', '--url', 'https://example.org');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      `moved the demo (${RUNS} runs, ${REPORTS} reports and the rest of content/) to examples/demo/`,
    );
    expect(readdirSync(join(site, 'content')).sort()).toEqual(['reports', 'runs', 'site.yaml']);
    expect(readdirSync(join(site, 'content/runs'))).toEqual([]);
    expect(parse(readFileSync(join(site, 'content/site.yaml'), 'utf8'))).toEqual({
      title,
      author: 'Tom Ö',
      url: 'https://example.org',
    });
    for (const f of ['annotations.yaml', 'config-families.yaml', 'site.yaml', 'meta', 'attachments'])
      expect(existsSync(join(site, 'examples/demo', f))).toBe(true);
    expect(readdirSync(join(site, 'examples/demo/reports')).length).toBe(REPORTS);
    const v = await run(['bin/benchsite.js', 'validate']);
    expect(v.out.trim()).toBe('0 run(s) valid');
    expect(v.code).toBe(0);
  });

  it('a second init refuses and changes nothing', async () => {
    const before = readFileSync(join(site, 'content/site.yaml'), 'utf8');
    const runs = demoRuns();
    const r = await init('--title', 'Other', '--author', 'B');
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(
      'benchsite init: examples/demo/ exists: this clone is set up already. Edit content/site.yaml (docs/site-config.md lists its fields)',
    );
    expect(readFileSync(join(site, 'content/site.yaml'), 'utf8')).toBe(before);
    expect(demoRuns()).toBe(runs);
  });

  it('npm run build, into a folder beside the project, builds the empty site with the title and author', async () => {
    const out = `${site}-out`;
    const r = await run(['bin/build.js', '--outDir', out]);
    expect(r.err + r.out).not.toContain('@oslojs');
    expect(r.code).toBe(0);
    // Nothing is wrong with an empty site: Astro warned of the empty reports collection once per page, and of the
    // Content-Security-Policy's style sources on every build.
    expect(r.out + r.err).not.toContain('WARN');
    expect(existsSync(join(out, 'reports'))).toBe(false);
    expect(readdirSync(join(out, 'runs')).filter((e) => !e.startsWith('.'))).toEqual([]);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<h1>Tom&#39;s &quot;fsync&quot; results &amp; &lt;notes&gt;</h1>');
    expect(index).toContain('Add your first run');
    expect(index).toContain('Results published by Tom Ö.');
    const about = readFileSync(join(out, 'about/index.html'), 'utf8');
    expect(about).toContain('<dd>Tom Ö</dd>');
    expect(about).toContain('<title>About · Tom&#39;s &quot;fsync&quot; results &amp; &lt;notes&gt;</title>');
  });

  it('npm run build:demo builds the demo from examples/demo/ into dist-demo/', async () => {
    const r = await run(['scripts/build-demo.js']);
    expect(r.code).toBe(0);
    expect(r.out + r.err).not.toContain('WARN');
    const reports = readdirSync(join(site, 'dist-demo/reports'));
    expect(reports.length).toBe(REPORTS);
    expect(readFileSync(join(site, 'dist-demo/index.html'), 'utf8')).toContain('<h1>benchsite demo</h1>');
  });
});
