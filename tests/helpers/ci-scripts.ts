// Running the scripts of scripts/ci as a workflow step does, on temporary git repositories.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { ROOT } from './build-site.ts';

const SCRIPTS = join(ROOT, 'scripts/ci');

/** A maker of temporary directories, all removed after the test file. */
export function tempDirs(): (what: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (what) => {
    const dir = mkdtempSync(join(tmpdir(), `benchsite-ci-${what}-`));
    made.push(dir);
    return dir;
  };
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** A script of scripts/ci run in `cwd` (bash, or the pinned Node for a .ts one). */
export function script(cwd: string, name: string, args: string[], env: Record<string, string> = {}) {
  const cmd = name.endsWith('.ts') ? process.execPath : 'bash';
  // vitest sets Vite's BASE_URL (and MODE, DEV, PROD, SSR); an Astro build a script starts would take it over the
  // base it is given, which no CI runner does.
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const r = spawnSync(cmd, [join(SCRIPTS, name), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...inherited, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
