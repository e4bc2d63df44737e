import { parseArgs } from 'node:util';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { runId } from '../../src/runs/run-id.ts';
import { ImportUsageError, importArchives } from '../import-archive.ts';
import type { HarvestedRun } from '../lib/harvested.ts';
import { readMeta } from '../lib/meta.ts';
import { guardNumbers } from '../lib/plausible.ts';
import { loadRawInput } from '../lib/raw-input.ts';
import { type RawTree } from '../lib/raw-tree.ts';
import { BENCHMARK_FOLDERS } from '../benchmarks.ts';
import { writeHarvestedRuns, writtenLine } from '../lib/write-run.ts';
import { UsageError, type Command } from './command.ts';
import { helpList } from './help-list.ts';
import { BENCHMARKS } from '../../benchmarks/index.ts';
import type { BenchmarkDefinition } from '../../benchmarks/shapes.ts';

/** The files each benchmark's folder imports, then a post's tables (`benchsite import --help`). */
const RECOGNISED = helpList(
  [
    ...BENCHMARK_FOLDERS.flatMap((b) => (b.archive ? [[b.name, b.archive.help] as const] : [])),
    ...[
      ...BENCHMARK_FOLDERS.flatMap((b) => (b.published.tables ? [b.published.tables.help] : [])),
      'relative values: label (or column), test, value (or relative), with --base [published relative]',
    ].map((text, i) => [i ? '' : 'CSV from a post', text] as const),
  ],
  17,
);

/** The `--meta` sections the benchmarks add, with an example each. */
const META_SECTIONS = helpList(
  BENCHMARKS.flatMap((b) => {
    const meta = (b as BenchmarkDefinition).meta;
    return meta?.example ? [[`${meta.key}:`, meta.example] as const] : [];
  }),
  11,
);

export const importCommand: Command = {
  name: 'import',
  help: `Usage: benchsite import <file or dir>... [--meta <file>] [--base <column>]... [--out <dir>] [--replace] [--verbose]

Turns what is left of benchmark campaigns whose raw output is gone (the mytools harness's summary tables)
and tables typed in from blog posts into runs, written like harvested runs:
  <out>/<benchmark>/<host>/<YYYYMMDD>-<label>/run.json   (validated)
                                              raw.tar.gz  (the files read, with their sha256 in run.json)
A directory is walked for every file it recognises. Writing is atomic and idempotent; a run whose
id exists with other raw files is kept beside it as a repeat (<id>~2 ...) unless --replace.

Recognised (provenance in brackets, shown on the run page and in exports):
${RECOGNISED}
Relative tables a harness archived beside its absolute ones are checked cell by cell against them; every
disagreement is printed as a warning with file, line, column and both values. A malformed file is named
with its line and left out, the rest imported; the exit code is then 1.

--meta <file> (YAML or JSON): what the files do not say; anything not given stays unknown.
  host:       { name: pn53, description: ..., cpuModel: ..., cores: 8, memoryGiB: 32, ... }
  date:       2026-03-01            the runs' date (archives carry none); else published.date
  published:  { title, date, url }  the post (required for tables from a post)
  builds:     { pg181: pg181_o2nofp.x10b_c8r32 }   full labels of short build names
${META_SECTIONS}
  cpus, notes, ranBy
--base <column>  the base column of each relative table: once for all, or once per table in order.
                 It must be a column of the import's tables (list its cells as 1 where the post omits them).

Options:
  --out <dir>     where runs go (default: content/runs)
  --replace       a run whose id exists with other raw files replaces it (default: kept as a repeat)
  --verbose       list every file that was not read, and why

Examples:
  benchsite import arc/mar26.pn53.sb.my --meta content/meta/pn53-2026-03-sysbench-mysql.yaml
  benchsite import hammerdb-tprocc-48core-2026-02-15.csv --meta content/meta/ax162s-2026-02-15-hammerdb.yaml
  benchsite import z12b.csv z12b_sync.csv --base z12b --base z12b_sync --meta post.yaml`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: 'string', default: 'content/runs' },
        meta: { type: 'string' },
        base: { type: 'string', multiple: true },
        verbose: { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
      },
    });
    if (positionals.length === 0) throw new UsageError('give at least one file or directory to import');
    const meta = values.meta ? await readMeta(values.meta) : undefined;
    const { trees, inputs } = await loadInputs(positionals);
    let result;
    try {
      result = importArchives(trees, { meta, metaName: values.meta, bases: values.base ?? [] });
    } catch (e) {
      if (e instanceof ImportUsageError) throw new UsageError(e.message);
      throw e;
    }
    // The checks of harvest: a number no measurement gives is left out, its test failed (lib/plausible.ts).
    result.runs.forEach(guardNumbers);
    for (const w of result.warnings) console.error(`warning: ${w}`);
    // Malformed files left out while the rest was imported: each named with why, and the exit code says so.
    for (const r of result.refused) console.error(`error: ${inInput(inputs[r.input]!, r.reason)}`);
    const refused = await refusals(result.runs, values.out!);
    let failures = result.refused.length;
    // Runs refused for one reason (one id clash) are said once.
    for (const why of new Set(refused.values())) {
      console.error(`error: ${why}`);
      failures++;
    }
    let written = 0;
    await writeHarvestedRuns(
      result.runs.filter((h) => !refused.has(h)),
      values.out!,
      (h, r) => {
        if ('error' in r) {
          console.error(`error: ${h.run.label}: ${r.error.message}`);
          failures++;
          return;
        }
        const w = r.written;
        console.log(
          `${writtenLine(w, relative(process.cwd(), w.dir))}  (${h.run.tests.length} ${h.run.tests.length === 1 ? 'test' : 'tests'}, ${h.run.results.length} numbers${h.run.relative ? `, ${h.run.relative.reduce((n, t) => n + t.values.length, 0)} relative values` : ''})`,
        );
        for (const line of failedLines(h)) console.log(line);
        written++;
      },
      { replace: values.replace },
    );
    if (result.skipped.length) {
      console.error(
        `${result.skipped.length} file(s) were not read${values.verbose ? ':' : ' (--verbose lists them)'}`,
      );
      if (values.verbose) for (const s of result.skipped) console.error(`  ${s.path}: ${s.reason}`);
    }
    if (result.runs.length === 0 && result.refused.length === 0) {
      console.error(
        `error: ${positionals.join(', ')}: nothing to import. See \`benchsite import --help\` for the formats it reads.`,
      );
      failures++;
    }
    console.log(
      `${written} run(s) imported${result.warnings.length ? `, ${result.warnings.length} warning(s)` : ''}${failures ? `, ${failures} error(s)` : ''}`,
    );
    return failures ? 1 : 0;
  },
};

/**
 * The inputs as trees, and what each tree is for messages. A harness's summary files given one by one
 * (`qps.abs.<tag>.tsv o.met.<tag>`) are read together as their folder with only those files: a qps.abs table
 * and its o.met make runs together, as in the folder. Other inputs (folders, archives, tables of posts, whose
 * --base follow their order) are trees of their own.
 */
async function loadInputs(positionals: string[]): Promise<{ trees: RawTree[]; inputs: string[] }> {
  const trees: RawTree[] = [];
  const inputs: string[] = [];
  const folders = new Map<string, RawTree>();
  for (const input of positionals) {
    const tree = await loadRawInput(input);
    const file = (await stat(input)).isFile() && !/\.(tar\.gz|tgz)$/.test(input);
    if (!file || !BENCHMARK_FOLDERS.some((b) => b.archive?.recognises(basename(input)))) {
      trees.push(tree);
      inputs.push(input);
      continue;
    }
    const dir = dirname(input);
    let folder = folders.get(dir);
    if (!folder) {
      folders.set(dir, (folder = { name: basename(resolve(dir)), entries: [] }));
      trees.push(folder);
      inputs.push(dir);
    }
    for (const e of tree.entries) if (!folder.entries.some((x) => x.path === e.path)) folder.entries.push(e);
  }
  return { trees, inputs };
}

/** A message naming a file inside an input, said with the input as the user gave it. */
function inInput(input: string, reason: string): string {
  const name = basename(input);
  // A file given itself: its message starts with its name.
  if (reason.startsWith(name) && /^[:\s]/.test(reason.slice(name.length))) return input + reason.slice(name.length);
  return `${input}: ${reason}`;
}

/** A line per failed test (numbers left out of a damaged table: lib/plausible.ts), under the run's line. */
function failedLines(h: HarvestedRun): string[] {
  return h.run.tests.filter((t) => t.status === 'failed').map((t) => `  failed    ${t.name}: ${t.error}`);
}

/**
 * Runs not to write: two runs of this import with one id, and a relative run that would replace one holding
 * a table this import does not have (the tables of a post are imported together, or one would be lost).
 */
async function refusals(runs: HarvestedRun[], out: string): Promise<Map<HarvestedRun, string>> {
  const refused = new Map<HarvestedRun, string>();
  const byId = new Map<string, HarvestedRun[]>();
  for (const h of runs) byId.set(runId(h.run), [...(byId.get(runId(h.run)) ?? []), h]);
  for (const [id, same] of byId) {
    if (same.length > 1)
      for (const h of same)
        refused.set(
          h,
          `${id}: ${same.length} runs of this import have this id (from ${same.map((x) => x.run.provenance.input).join('; ')}); import them separately or give them distinct labels (--meta builds)`,
        );
    const h = same[0]!;
    if (same.length > 1 || !h.run.relative) continue;
    let old: { relative?: Array<{ base: string; file: string }> };
    try {
      old = JSON.parse(await readFile(join(out, id, 'run.json'), 'utf8'));
    } catch {
      continue;
    }
    const lost = (old.relative ?? []).filter((t) => !h.run.relative!.some((n) => n.base === t.base));
    if (lost.length)
      refused.set(
        h,
        `${id}: already holds values relative to ${lost.map((t) => `${t.base} (${t.file})`).join(', ')}, which this import lacks; import every table of the post together`,
      );
  }
  return refused;
}
