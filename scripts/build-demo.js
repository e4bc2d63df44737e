#!/usr/bin/env node
// `npm run build:demo`: the demo site (the runs and reports that recreate published posts) into dist-demo/.
// After `benchsite init` the demo is in examples/demo/; in the repository as committed it is content/ itself.
// Other arguments go to the build (`npm run build:demo -- --base /demo/`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const demo = existsSync(`${root}examples/demo`) ? 'examples/demo' : 'content';
const child = spawn(process.execPath, ['bin/build.js', '--outDir', 'dist-demo', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BENCHSITE_CONTENT: demo },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
