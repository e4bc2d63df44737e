#!/usr/bin/env node
// Runs collectors/cli.ts. The CLI is TypeScript run by Node's own type stripping (Node 22.18+, 23.6+).
// `npm ci` installs the Node the project runs on (the `node` package, pinned in package.json): npm scripts
// and npx find it first on PATH; started by an older `node` (the system's Node 20, say), this file runs
// the CLI again with that pinned Node.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../collectors/cli.ts', import.meta.url));
if (process.features.typescript) {
  // Node's compile cache keeps each module's compiled code (TypeScript already stripped) on disk, keyed by its
  // source: without it every command spent about half a second stripping and compiling the CLI's modules
  // before it started. Where the directory cannot be written, Node carries on without the cache.
  module.enableCompileCache?.(fileURLToPath(new URL('../node_modules/.cache/benchsite-compile', import.meta.url)));
  await import(cli);
} else {
  const exe = process.platform === 'win32' ? 'node.exe' : 'node';
  const pinned = fileURLToPath(new URL(`../node_modules/node/bin/${exe}`, import.meta.url));
  if (!existsSync(pinned)) {
    console.error(
      `benchsite runs on Node 24; this is Node ${process.versions.node}, which cannot run TypeScript.\n` +
        'Run `npm ci` in the benchsite folder: it installs the Node that benchsite runs on.',
    );
    process.exit(1);
  }
  const child = spawn(pinned, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  // Ctrl-C at a terminal reaches both processes: the CLI decides what it means (a run stops and says how
  // to resume), so this one only waits for it. Signals sent to this process alone are passed on.
  process.on('SIGINT', () => {});
  for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('error', (e) => {
    console.error(`benchsite: could not start ${pinned}: ${e.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}
