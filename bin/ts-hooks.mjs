// Module hooks for Node releases without built-in TypeScript (before 22.6, e.g. Node 20): each .ts file of
// the project is turned into JavaScript by esbuild (installed with Astro) as it is loaded.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const file = fileURLToPath(url);
  const { code } = await transform(await readFile(file, 'utf8'), { loader: 'ts', format: 'esm', sourcefile: file, target: 'node20' });
  return { format: 'module', source: code, shortCircuit: true };
}
