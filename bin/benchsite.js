#!/usr/bin/env node
// Runs collectors/cli.ts. Node 22.18+ and 23.6+ run TypeScript themselves; Node 22.6 to 22.17 need a flag,
// so the CLI is run again with it (with --experimental-sqlite for HammerDB's jobs database before 22.13);
// older Node (20) loads the .ts files through esbuild (ts-hooks.mjs).
import { spawnSync } from 'node:child_process';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../collectors/cli.ts', import.meta.url));
const [major, minor] = process.versions.node.split('.').map(Number);
if (process.features.typescript) {
  await import(cli);
} else if (major > 22 || (major === 22 && minor >= 6)) {
  const r = spawnSync(process.execPath, ['--experimental-strip-types', '--experimental-sqlite', '--no-warnings', cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
} else if (typeof register === 'function') {
  register('./ts-hooks.mjs', import.meta.url);
  await import(cli);
} else {
  console.error(`benchsite needs Node 20.6 or newer (this is Node ${process.versions.node}); Node 24 LTS is what it is developed on.`);
  process.exit(1);
}
