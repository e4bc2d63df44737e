import { parseArgs } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { loadRuns } from '../../src/runs/read-runs.ts';
import { BENCHMARKS, BENCHMARK_NAMES, findBenchmark, unknownBenchmark } from '../../benchmarks/index.ts';
import { EXPORT_FIELDS, exportRows, toCsv } from '../../src/analysis/export-rows.ts';
import { comparability } from '../../src/analysis/comparability.ts';
import { UsageError, type Command } from './command.ts';

export const exportCommand: Command = {
  name: 'export',
  help: `Usage: benchsite export [--runs <dir>] [--format csv|json] [--benchmark <name>] [--run <id>]... [--comparable-with <id>] [--out <file>]

Prints one row per run, test and metric with exactly these fields:
  ${EXPORT_FIELDS.join(', ')}
Metric names are listed in each benchmark's README:
${BENCHMARKS.map((b) => `  ${b.readme}`).join('\n')}

Options:
  --runs <dir>         runs root (default: content/runs)
  --format csv|json    default csv
  --benchmark <name>   only runs of this benchmark: ${BENCHMARK_NAMES.join(', ')}
  --run <id>           only this run (repeatable); ids are paths under the runs root
  --comparable-with <id>
                       only runs that pass every comparability gate against this run (the definition
                       reports, diff and the compare view use: workload size, concurrency, duration
                       class, Lua scripts ...); the others are listed on standard error with why
  --out <file>         write to a file instead of standard output`,
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        runs: { type: 'string', default: 'content/runs' },
        format: { type: 'string', default: 'csv' },
        benchmark: { type: 'string' },
        run: { type: 'string', multiple: true },
        'comparable-with': { type: 'string' },
        out: { type: 'string' },
      },
    });
    if (values.format !== 'csv' && values.format !== 'json')
      throw new UsageError(`--format must be csv or json, not "${values.format}"`);
    if (values.benchmark && !findBenchmark(values.benchmark))
      throw new UsageError(`--benchmark: ${unknownBenchmark(values.benchmark)}`);
    const { runs, problems } = await loadRuns(values.runs!);
    for (const p of problems) console.error(p.text);
    if (runs.length === 0 && problems.length === 0) {
      console.error(
        `error: no run.json below ${values.runs}. Give the runs folder with --runs (default: content/runs).`,
      );
      return 1;
    }
    const wanted = values['comparable-with'];
    const missing = [...(values.run ?? []), ...(wanted ? [wanted] : [])].filter((id) => !runs.some((r) => r.id === id));
    if (missing.length) {
      console.error(
        `error: no run ${missing.map((id) => `"${id}"`).join(', ')} below ${values.runs}. Run ids are paths under the runs folder, e.g. ${runs[0]?.id ?? '<benchmark>/<host>/<date>-<label>'}.`,
      );
      return 1;
    }
    let selected = runs.filter(
      (r) => (!values.benchmark || r.run.benchmark === values.benchmark) && (!values.run || values.run.includes(r.id)),
    );
    if (wanted) {
      const base = runs.find((r) => r.id === wanted)!;
      selected = selected.filter((r) => {
        const gates = r.id === base.id ? [] : comparability(r.run, base.run).blocking;
        if (gates.length) console.error(`left out ${r.id}: not comparable with ${base.id}: ${gates.join('; ')}`);
        return gates.length === 0;
      });
    }
    const rows = exportRows(selected);
    const text = values.format === 'json' ? `${JSON.stringify(rows, null, 1)}\n` : toCsv(rows, EXPORT_FIELDS);
    if (values.out) await writeFile(values.out, text);
    else process.stdout.write(text);
    if (problems.length)
      console.error(`${problems.length} problem(s): those runs were not exported; run benchsite validate`);
    return problems.length ? 1 : 0;
  },
};
