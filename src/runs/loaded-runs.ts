// The content loader's runs (their file stamps and summaries), handed to the astro:build:done hook of the same
// process (site/run-pages.ts), which keeps them in the state of the rebuild without Astro (site/fast-build/).
// Through globalThis: Astro loads the loader and the integrations as separate module instances.
const KEY = Symbol.for('benchsite.loaded-runs');

export interface LoadedRuns {
  /** The runs folder, resolved. */
  dir: string;
  /** Per run id: the stamp of its run.json (file-stamp.ts) and its summary, base64 of its JSON. */
  runs: Map<string, { stamp: string; summary: string }>;
}

export function handOverLoadedRuns(loaded: LoadedRuns): void {
  (globalThis as Record<symbol, unknown>)[KEY] = loaded;
}

export function takeLoadedRuns(dir: string): LoadedRuns['runs'] | undefined {
  const loaded = (globalThis as Record<symbol, unknown>)[KEY] as LoadedRuns | undefined;
  return loaded?.dir === dir ? loaded.runs : undefined;
}
