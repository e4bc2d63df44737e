// What the kill and concurrency tests check of a runs folder: its run folders, anything that is not one, and
// inputs that harvest to repeats of one run.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FIXTURES } from './fixtures.ts';

/** The stock sysbench output the repeats are made of. */
const OUTPUT = `${FIXTURES}sysbench-1.0.20/pgsql-point-select-report-interval.txt`;
/** The id every copy harvests to (with META): the file name is the label. */
export const REPEAT_ID = 'sysbench/kill/20260102-pg';

/**
 * `n` inputs that are repeats of one run: the same sysbench output in `n` folders, each with k blank lines
 * added at its end (other raw bytes, the same numbers), and a meta file giving host and date. Returns the
 * input files and the meta file.
 */
export function repeatInputs(dir: string, n: number): { inputs: string[]; meta: string } {
  const text = readFileSync(OUTPUT, 'utf8');
  const inputs = Array.from({ length: n }, (_, k) => {
    mkdirSync(join(dir, `in${k + 1}`), { recursive: true });
    const file = join(dir, `in${k + 1}`, 'pg.txt');
    writeFileSync(file, text + '\n'.repeat(k + 1));
    return file;
  });
  const meta = join(dir, 'meta.yaml');
  writeFileSync(meta, 'host: { name: kill }\ndate: 2026-01-02\n');
  return { inputs, meta };
}

/** The run ids below `out` (folders holding run.json, at <benchmark>/<host>/<run>), sorted. */
export function runIds(out: string): string[] {
  return leftovers(out).runs;
}

/**
 * Everything below `out` that is not a whole run: folders without run.json (orphans), files and folders at
 * other depths, temp files, the write area. Empty when the tree holds runs only.
 */
export function strays(out: string): string[] {
  return leftovers(out).strays;
}

function leftovers(out: string): { runs: string[]; strays: string[] } {
  const runs: string[] = [];
  const strays: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const rel = relative(out, full);
      if (!statSync(full).isDirectory()) {
        strays.push(rel);
        continue;
      }
      if (depth < 2) {
        walk(full, depth + 1);
        continue;
      }
      const files = readdirSync(full).sort();
      if (!files.includes('run.json')) strays.push(`${rel}/ (no run.json)`);
      else runs.push(rel);
      for (const f of files) if (!['run.json', 'series.json', 'raw.tar.gz'].includes(f)) strays.push(`${rel}/${f}`);
    }
  };
  walk(out, 0);
  return { runs, strays };
}

/** The raw file sha256 a run was harvested from (its one raw file, for the repeats above). */
export function rawSha(out: string, id: string): string {
  const run = JSON.parse(readFileSync(join(out, id, 'run.json'), 'utf8'));
  return run.provenance.rawFiles.map((f: { sha256: string }) => f.sha256).join(',');
}
