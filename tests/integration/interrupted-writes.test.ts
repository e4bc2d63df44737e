// kill -9 of the CLI while it writes runs or builds the site (docs/internals.md, Writing runs): after each kill
// the tree holds whole runs only (the old one or the new one), and the next command finishes or rolls back what
// was left, so that validate passes, nothing is an orphan and no run is lost or kept twice. The points between
// two writes are reached with BENCHSITE_STOP_AT (src/runs/stop-point.ts); a few kills come at random times.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchsite } from '../helpers/cli.ts';
import { ROOT } from '../helpers/build-site.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import { rawSha, repeatInputs, REPEAT_ID, runIds, strays } from '../helpers/run-trees.ts';

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-kill-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const { inputs, meta } = repeatInputs(tmp, 2);
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The CLI stopped (SIGKILL, by itself) at a stop point. */
function killedAt(point: string, args: string[]): void {
  const r = spawnSync(process.execPath, [`${ROOT}bin/benchsite.js`, ...args], {
    cwd: ROOT,
    env: { ...process.env, BENCHSITE_STOP_AT: point },
    encoding: 'utf8',
  });
  expect(r.signal, `${point}: ${r.stderr}`).toBe('SIGKILL');
}

/** validate passes, and the tree holds these runs and nothing else. */
function onlyRuns(out: string, ids: string[]): void {
  const v = benchsite(['validate', out]);
  expect(v.code, v.stdout + v.stderr).toBe(0);
  expect(runIds(out)).toEqual(ids);
  expect(strays(out)).toEqual([]);
}

const harvest = (input: string, out: string, ...more: string[]) =>
  benchsite(['harvest', input, '--meta', meta, '--out', out, ...more]);

describe('harvest killed while writing', () => {
  it('a first write killed at any point: the run is there whole or not at all, and the rerun writes it once', () => {
    for (const point of ['staging', 'staged', 'installed']) {
      const out = join(tmp, `first-${point}`);
      killedAt(point, ['harvest', inputs[0]!, '--meta', meta, '--out', out]);
      // What the kill left: no run folder without run.json (the files are written aside, then moved in whole).
      const seen = existsSync(join(out, 'sysbench')) ? runIds(out) : [];
      expect(seen.length <= 1 && seen.every((id) => id === REPEAT_ID), point).toBe(true);
      const again = harvest(inputs[0]!, out);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(point === 'installed' ? /^unchanged / : /^wrote /);
      onlyRuns(out, [REPEAT_ID]);
      expect(rawSha(out, REPEAT_ID)).toBe(sha(inputs[0]!));
    }
  });

  it('a repeat killed at any point: the rerun keeps it as ~2, never ~3', () => {
    for (const point of ['staging', 'staged', 'installed']) {
      const out = join(tmp, `repeat-${point}`);
      expect(harvest(inputs[0]!, out).code).toBe(0);
      killedAt(point, ['harvest', inputs[1]!, '--meta', meta, '--out', out]);
      expect(harvest(inputs[1]!, out).code).toBe(0);
      onlyRuns(out, [REPEAT_ID, `${REPEAT_ID}~2`]);
      expect(rawSha(out, `${REPEAT_ID}~2`)).toBe(sha(inputs[1]!));
    }
  });

  it('--replace killed at any point leaves the old run or the new one; the next command finishes the replacement', () => {
    const points = ['staging', 'staged', 'intent', 'trashed', 'installed', 'emptied'];
    for (const point of points) {
      for (const next of ['harvest', 'validate']) {
        const out = join(tmp, `replace-${point}-${next}`);
        expect(harvest(inputs[0]!, out).code).toBe(0);
        killedAt(point, ['harvest', inputs[1]!, '--meta', meta, '--out', out, '--replace']);
        // The run folder is the old one or the new one, whole; only between the two renames is it aside.
        const there = existsSync(join(out, REPEAT_ID, 'run.json'));
        expect(there || point === 'trashed', point).toBe(true);
        if (there) expect([sha(inputs[0]!), sha(inputs[1]!)]).toContain(rawSha(out, REPEAT_ID));
        if (next === 'harvest') {
          const again = harvest(inputs[1]!, out, '--replace');
          expect(again.code, again.stderr).toBe(0);
        }
        onlyRuns(out, [REPEAT_ID]);
        // Once the intent is written the replacement is finished by the next command; before, the old run stays
        // (and a harvest then replaces it).
        const started = points.indexOf(point) >= points.indexOf('intent');
        expect(rawSha(out, REPEAT_ID), `${point} then ${next}`).toBe(
          sha(started || next === 'harvest' ? inputs[1]! : inputs[0]!),
        );
      }
    }
  }, 300_000);

  it('killed at random times while writing eight runs: the rerun leaves the eight runs, each once', async () => {
    const inputsOf = ['sysbench', 'ibench'].map((b) => `${FIXTURES}realruns/${b}.tar.gz`);
    const clean = join(tmp, 'random-clean');
    expect(benchsite(['harvest', ...inputsOf, '--out', clean]).code).toBe(0);
    const want = runIds(clean);
    expect(want).toHaveLength(8);
    for (const delay of [300, 900, 1500, 2200, 3000]) {
      const out = join(tmp, `random-${delay}`);
      const child = spawn(process.execPath, [`${ROOT}bin/benchsite.js`, 'harvest', ...inputsOf, '--out', out], {
        cwd: ROOT,
        stdio: 'ignore',
      });
      const closed = new Promise((r) => child.on('close', r));
      const jitter = Math.floor(Math.random() * 200);
      await new Promise((r) => setTimeout(r, delay + jitter));
      child.kill('SIGKILL');
      await closed;
      const again = benchsite(['harvest', ...inputsOf, '--out', out]);
      expect(again.code, `${delay + jitter} ms: ${again.stderr}`).toBe(0);
      onlyRuns(out, want);
      for (const id of want)
        expect(readFileSync(join(out, id, 'run.json')), id).toEqual(readFileSync(join(clean, id, 'run.json')));
    }
  }, 300_000);
});

describe('npm run build killed', () => {
  const content = join(tmp, 'content');
  const out = join(tmp, 'dist');
  const RUNS = ['sysbench/vm/20261122-x.pg1518.cy1.pk1', 'hammerdb-tprocc/vm/20261122-pg1518'];
  mkdirSync(join(content, 'reports'), { recursive: true });
  for (const id of RUNS) cpSync(join(ROOT, 'content/runs', id), join(content, 'runs', id), { recursive: true });
  const env = { ...process.env, BENCHSITE_CONTENT: content };
  const build = (extra: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['bin/build.js', '--outDir', out], {
      cwd: ROOT,
      env: { ...env, ...extra },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
  /** A change that needs a full build (a content file other than a run). */
  let edits = 0;
  const annotations = readFileSync(join(ROOT, 'content/annotations.yaml'), 'utf8');
  const forceFull = () => writeFileSync(join(content, 'annotations.yaml'), `${annotations}\n# edit ${++edits}\n`);
  /** The site is whole: its index, every run's page, no build folder left beside it. */
  const whole = (what: string) => {
    expect(existsSync(join(out, 'index.html')), what).toBe(true);
    for (const id of RUNS) expect(existsSync(join(out, 'runs', id, 'index.html')), `${what}: ${id}`).toBe(true);
  };
  const besideOut = () => readdirSync(tmp).filter((n) => n.startsWith('.dist.'));

  it('at the swap points the last site or the new one is there; the next build finishes the swap', () => {
    const first = build();
    expect(first.status, first.stdout + first.stderr).toBe(0);
    whole('first build');
    for (const point of ['dist-recorded', 'dist-moved', 'dist-swapped']) {
      forceFull();
      expect(build({ BENCHSITE_STOP_AT: point }).signal, point).toBe('SIGKILL');
      // Between moving the old site aside and the new one in, there is no dist/ (never a half one).
      if (point === 'dist-moved') expect(existsSync(out)).toBe(false);
      else whole(`killed at ${point}`);
      const next = build();
      expect(next.status, next.stdout + next.stderr).toBe(0);
      expect(next.stdout).toContain('finished putting in place the site a stopped build had made');
      whole(`after ${point}`);
      expect(besideOut()).toEqual([]);
    }
  }, 400_000);

  it('killed at random times during a full build: dist/ keeps the last whole site', async () => {
    if (!existsSync(join(out, 'index.html'))) expect(build().status).toBe(0);
    for (const delay of [1500, 3500, 5500]) {
      forceFull();
      // Its own process group, so that Astro, a child of bin/build.js, is killed with it.
      const child = spawn(process.execPath, ['bin/build.js', '--outDir', out], {
        cwd: ROOT,
        env,
        stdio: 'ignore',
        detached: true,
      });
      const closed = new Promise((r) => child.on('close', r));
      await new Promise((r) => setTimeout(r, delay + Math.floor(Math.random() * 1000)));
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // it had finished
      }
      await closed;
      whole(`killed after ${delay} ms`);
      const next = build();
      expect(next.status, next.stdout + next.stderr).toBe(0);
      whole(`rebuilt after ${delay} ms`);
      expect(besideOut()).toEqual([]);
    }
  }, 400_000);
});
