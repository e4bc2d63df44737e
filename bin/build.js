#!/usr/bin/env node
// `npm run build`: rebuild the site without Astro when only runs changed since the last build
// (src/site/fast-build/rebuild.ts), otherwise `astro build` with the same arguments. Prints one line saying
// which, and why. Like bin/benchsite.js, it runs itself again on the pinned Node when started by an older one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

function run(exe, argv, env) {
  const child = spawn(exe, argv, { stdio: 'inherit', env });
  process.on('SIGINT', () => {});
  for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('error', (e) => {
    console.error(`build: could not start ${exe}: ${e.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}

if (!process.features.typescript) {
  const exe = process.platform === 'win32' ? 'node.exe' : 'node';
  const pinned = fileURLToPath(new URL(`../node_modules/node/bin/${exe}`, import.meta.url));
  if (!existsSync(pinned)) {
    console.error(
      `benchsite builds on Node 24; this is Node ${process.versions.node}.\n` +
        'Run `npm ci` in the benchsite folder: it installs the Node that benchsite runs on.',
    );
    process.exit(1);
  }
  run(pinned, [fileURLToPath(import.meta.url), ...args], process.env);
} else {
  module.enableCompileCache?.(fileURLToPath(new URL('../node_modules/.cache/benchsite-compile', import.meta.url)));
  const { buildRequest, REQUEST_ENV } = await import('../src/site/fast-build/state.ts');
  const request = buildRequest(root, args, process.env);
  let reason;
  try {
    const { fastRebuild } = await import('../src/site/fast-build/rebuild.ts');
    const r = await fastRebuild(request);
    if (r.built) {
      // The search index of what the rebuild wrote (a full build makes it in an Astro hook).
      const { indexSite } = await import('../src/site/search/index-site.ts');
      await indexSite(request.outDir, root);
      console.log(`${r.message} (${(performance.now() / 1000).toFixed(1)} s)`);
      process.exit(0);
    }
    reason = r.reason;
  } catch (e) {
    // Bad content: the message a full build stops with (contentError has no stack), and no build.
    if (e instanceof Error && e.stack === '') {
      console.error(e.message);
      process.exit(1);
    }
    // Anything else is a fault of the rebuild: the full build does not depend on it.
    reason = `the rebuild without Astro failed (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`;
  }
  console.log(`full build: ${reason}`);
  run(
    process.execPath,
    [fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url)), 'build', ...args],
    { ...process.env, [REQUEST_ENV]: JSON.stringify(request) },
  );
}
