// Run the `benchsite` command as a user would (node bin/benchsite.js ...), capturing its output.
import { spawnSync } from 'node:child_process';
import { ROOT } from './build-site.ts';

export function benchsite(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {}) {
  const r = spawnSync(process.execPath, [`${ROOT}bin/benchsite.js`, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    timeout: opts.timeout ?? 120_000,
    // Exports of many runs are more than the default 1 MB.
    maxBuffer: 256 << 20,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
