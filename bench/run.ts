// `npm run bench [-- --quick] [--only=harness,startup,harvest,build,pages,scale] [--mytools=<dir>]`: performance
// figures of benchsite, printed as `<name> <value> <unit>` (and the target, when the figure has one) and written to
// bench-results.json with the machine they ran on. --quick uses small sizes (a smoke check) and leaves out the
// 100,000-run tree (scale: about 7 GB, generated once under bench/.data). The comparison with
// the mytools summary scripts needs them: --mytools=<dir> or BENCHSITE_MYTOOLS (figures-harness.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { harnessFigures, mytoolsDir, startupFigures } from './figures-harness.ts';
import { harvestFigures } from './figures-harvest.ts';
import { buildFigures, pageFigures, scaleFigures } from './figures-site.ts';
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
/** Keeps a figure for bench-results.json and prints it. */
const record = (f: Figure) => {
  figures.push(f);
  console.log(
    `${f.name} ${Number.isInteger(f.value) ? f.value : f.value.toFixed(f.value >= 100 ? 0 : 2)} ${f.unit}${f.target ? `  (target ${f.target})` : ''}`,
  );
};
const skipped: Record<string, string> = {};
const started = Date.now();

const sizes = quick
  ? { raw: 100e6, runs: [100, 1000], compare: 1000 }
  : { raw: 1e9, runs: [1000, 10_000], compare: 1000 };
const want = (name: string) => !only || only.includes(name);

if (want('startup')) for (const f of await startupFigures(log)) record(f);
if (want('harness')) {
  const r = await harnessFigures(work, mytoolsDir(process.argv), log);
  for (const f of r.figures) record(f);
  if (r.skipped) {
    skipped.harvest_speedup_vs_mytools = r.skipped;
    console.log(`harvest_speedup_vs_mytools skipped: ${r.skipped}  (target >= 5)`);
  }
}
if (want('harvest')) for (const f of await harvestFigures(work, sizes.raw, log)) record(f);
if (want('build')) for (const f of await buildFigures(work, sizes.runs, log)) record(f);
if (want('pages')) for (const f of await pageFigures(work, sizes.compare, log)) record(f);
if (want('scale') && !quick) for (const f of await scaleFigures(work, log)) record(f);

const result = {
  date: new Date().toISOString(),
  quick,
  seconds: Math.round((Date.now() - started) / 1000),
  machine: machine(),
  figures,
  skipped,
};
await writeFile(join(ROOT, 'bench-results.json'), `${JSON.stringify(result, null, 2)}\n`);
log(`done in ${result.seconds} s; figures in bench-results.json`);
