// Build the site once per test run (astro build into dist/), as `npm run build` does.
import { execFileSync } from 'node:child_process';
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
