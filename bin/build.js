#!/usr/bin/env node
// `npm run build`: rebuild the site without Astro when only runs changed since the last build
// (src/site/fast-build/rebuild.ts), otherwise `astro build` with the same arguments into a folder beside the
// output folder, swapped in when the build is done (src/site/dist-swap.ts): a build stopped halfway leaves the
// last whole site. Prints one line saying which, and why. Like bin/benchsite.js, it runs itself again on the
// pinned Node when started by an older one.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

/** Run a child with our output; `done` runs after it exits with 0 and decides our exit code. */
function run(exe, argv, env, done = () => 0, failed = () => {}) {
  const child = spawn(exe, argv, { stdio: 'inherit', env });
  process.on('SIGINT', () => {});
  for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('error', (e) => {
    console.error(`build: could not start ${exe}: ${e.message}`);
    failed();
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (code !== 0) failed();
    process.exit(code === 0 ? done() : (code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}

/** astro build's arguments with the output folder replaced by `dir`. */
function withOutDir(argv, dir) {
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--outDir') i++;
    else if (!argv[i].startsWith('--outDir=')) out.push(argv[i]);
  }
  return [...out, '--outDir', dir];
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
  const compileCache = fileURLToPath(new URL('../node_modules/.cache/benchsite-compile', import.meta.url));
  module.enableCompileCache?.(compileCache);
  const { unknownBuildOption } = await import('../src/site/build-options.ts');
  const unknown = unknownBuildOption(args);
  if (unknown) {
    console.error(`build: ${unknown}`);
    process.exit(2);
  }
  const { buildRequest, codeDigestByStamps, REQUEST_ENV, FINAL_OUT_ENV } =
    await import('../src/site/fast-build/state.ts');
  const { recoverDist, stagingDir, swapIn } = await import('../src/site/dist-swap.ts');
  const request = buildRequest(root, args, process.env);
  for (const note of recoverDist(request.outDir)) console.log(note);
  let reason;
  // The runs' stamps, taken on another thread while this one loads the rebuild's code and reads its state.
  const { startRunStamps } = await import('../src/site/fast-build/start.ts');
  const stamps = startRunStamps(request);
  try {
    // The rebuild's code, bundled by an earlier rebuild of the same code when it could (fast-build/bundle.ts).
    const code = codeDigestByStamps(root);
    const { hasRebuildBundle, loadRebuild, writeRebuildBundle } = await import('../src/site/fast-build/bundle.ts');
    const bundled = hasRebuildBundle(root, code);
    const { fastRebuild, indexSite } = await loadRebuild(root, code);
    const r = await fastRebuild(request, code, stamps);
    if (r.built) {
      // The search index of what the rebuild wrote (a full build makes it in an Astro hook).
      await indexSite(request.outDir, root);
      console.log(`${r.message} (${(performance.now() / 1000).toFixed(1)} s)`);
      // The site is done; the next rebuild loads this code as one file.
      if (!bundled) await writeRebuildBundle(root, code);
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
  stamps?.stop();
  console.log(`full build: ${reason}`);
  const next = stagingDir(request.outDir);
  run(
    process.execPath,
    [
      // V8 sizes each thread's young generation by the machine's memory: up to 134 MB a thread here (24 GB), and
      // the build runs three threads. 16 MB semi-spaces took 250 to 300 MB off the peak of a 1,000-run build,
      // for the same CPU time measured alternately (docs/performance.md).
      '--max-semi-space-size=16',
      fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url)),
      'build',
      ...withOutDir(args, next),
    ],
    {
      // Astro, Vite and the site's modules compiled once, not at every build: about a second of CPU a build.
      NODE_COMPILE_CACHE: compileCache,
      ...process.env,
      [REQUEST_ENV]: JSON.stringify(request),
      [FINAL_OUT_ENV]: request.outDir,
    },
    // Steps that add to the built site (a search index) belong before this: the swap publishes the folder.
    () => {
      try {
        swapIn(next, request.outDir);
        return 0;
      } catch (e) {
        console.error(`build: the site was built in ${next} but could not be put at ${request.outDir}: ${e.message}`);
        return 1;
      }
    },
    () => rmSync(next, { recursive: true, force: true }),
  );
}
