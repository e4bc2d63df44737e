// Build the site once per test run (astro build into dist/), as `npm run build` does.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let built = false;

export function buildSite(): string {
  if (!built) {
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: ROOT, stdio: 'pipe' });
    built = true;
  }
  return `${ROOT}dist`;
}

/** Build the site of a content folder (BENCHSITE_CONTENT) into `outDir`, with an empty reports/ if it has none. */
export function buildContentSite(content: string, outDir: string): void {
  mkdirSync(join(content, 'reports'), { recursive: true });
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
    cwd: ROOT,
    env: { ...process.env, BENCHSITE_CONTENT: content },
    stdio: 'pipe',
  });
}
