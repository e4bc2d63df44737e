#!/usr/bin/env node
// Runs collectors/cli.ts with Node's built-in TypeScript support (on by default since Node 22.18 / 23.6).
// Older Node 22 releases need the flag, so re-run with it there; before 22.13 node:sqlite (HammerDB's jobs
// database) needs --experimental-sqlite too.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../collectors/cli.ts', import.meta.url));
if (process.features.typescript) {
  await import(cli);
} else {
  const r = spawnSync(process.execPath, ['--experimental-strip-types', '--experimental-sqlite', '--no-warnings', cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
