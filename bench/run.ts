// `npm run bench [-- --quick]`: performance figures of benchsite, printed as `<name> <value> <unit>` and
// written to bench-results.json with the machine they ran on. --quick uses small sizes (a smoke check).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { harvestFigures } from './figures-harvest.ts';
import { buildFigures, pageFigures } from './figures-site.ts';
import { machine, type Figure } from './measure.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const work = join(ROOT, 'bench', '.data');
const log = (s: string) => process.stderr.write(`bench: ${s}\n`);
const figures: Figure[] = [];
const print = (f: Figure) =>
  console.log(`${f.name} ${Number.isInteger(f.value) ? f.value : f.value.toFixed(f.value >= 100 ? 0 : 2)} ${f.unit}`);
const started = Date.now();

const sizes = quick
  ? { raw: 100e6, runs: [100, 1000], compare: 1000 }
  : { raw: 1e9, runs: [1000, 10_000], compare: 1000 };
const want = (name: string) => !only || only.includes(name);

if (want('harvest')) for (const f of await harvestFigures(work, sizes.raw, log)) (figures.push(f), print(f));
if (want('build')) for (const f of await buildFigures(work, sizes.runs, log)) (figures.push(f), print(f));
if (want('pages')) for (const f of await pageFigures(work, sizes.compare, log)) (figures.push(f), print(f));

const result = {
  date: new Date().toISOString(),
  quick,
  seconds: Math.round((Date.now() - started) / 1000),
  machine: machine(),
  figures,
};
await writeFile(join(ROOT, 'bench-results.json'), `${JSON.stringify(result, null, 2)}\n`);
log(`done in ${result.seconds} s; figures in bench-results.json`);
