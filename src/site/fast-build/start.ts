// The first steps of a rebuild without Astro, taken by bin/build.js before it loads the rebuild's code: whether
// the request allows one at all, and the runs' stamps started on another thread, which takes them while this one
// loads the code (bundle.ts) and reads the state.
import { resolve } from 'node:path';
import { CONTENT_DIR, RUNS_DIR } from '../content-dirs.ts';
import { findRunStampsAside } from './run-stamps.ts';
import type { FastBuildRequest } from './state.ts';

export type RunStampsAside = ReturnType<typeof findRunStampsAside>;

/** Why the request needs a full build whatever changed, or undefined. */
export function refusal(request: FastBuildRequest): string | undefined {
  if (request.env.BENCHSITE_PREVIEW) return 'a preview build (BENCHSITE_PREVIEW) is always a full build';
  for (let i = 0; i < request.args.length; i++) {
    const a = request.args[i]!;
    if (a === '--base' || a === '--outDir') i++;
    else if (!a.startsWith('--base=') && !a.startsWith('--outDir='))
      return `astro build was given ${a} (only --base and --outDir allow a rebuild without Astro)`;
  }
  if (resolve(CONTENT_DIR) !== request.contentDir) return 'the content folder is not the one asked for';
  return undefined;
}

/** The runs' stamps on another thread, when the request may allow a rebuild (else undefined). */
export function startRunStamps(request: FastBuildRequest): RunStampsAside | undefined {
  if (refusal(request) !== undefined) return undefined;
  const aside = findRunStampsAside(resolve(RUNS_DIR));
  aside.result.catch(() => {}); // (awaited only when the rebuild gets that far)
  return aside;
}
