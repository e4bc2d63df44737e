import { parseArgs } from 'node:util';
import { relative } from 'node:path';
import { harvestAndWrite } from '../harvest-write.ts';
import { isWarningNote, readMeta } from '../lib/meta.ts';
import { loadRawInput } from '../lib/raw-input.ts';
import { writtenLine } from '../lib/write-run.ts';
import { debugWanted, describeError, isInputError } from '../lib/input-error.ts';
import { BENCHMARK_FOLDERS } from '../benchmarks.ts';
import { UsageError, type Command } from './command.ts';
import { helpList } from './help-list.ts';

/** What each benchmark's folder harvests (`benchsite harvest --help`). */
const RECOGNISED = helpList(
  BENCHMARK_FOLDERS.map((b) => [b.name, b.help.harvest] as const),
  18,
);

export const harvestCommand: Command = {
  name: 'harvest',
  help: `Usage: benchsite harvest <raw>... [--out <dir>] [--meta <file>] [--replace] [--verbose]

Reads each <raw> (a result directory, a single tool output file, or a .tar.gz of either),
finds the benchmark runs in it and writes, per run:
  <out>/<benchmark>/<host>/<YYYYMMDD>-<label>/run.json     the run (validated)
                                              series.json  per-interval series
                                              raw.tar.gz   every raw file, with its sha256 in run.json
Writing is atomic and idempotent: harvesting the same files again changes nothing. A run whose id
exists with other raw files is a repeat: it is kept beside the first as <id>~2, ~3 ... (both kept,
and said so); --replace writes over the first run instead. A bad file (corrupt gzip, no permission,
cut off in an archive) is named with why and left out; the rest is written, and the exit code is 1.
Raw archives are gzip level 6, or level 1 (3x faster, ~25% larger) for runs of more than 64 MiB of
raw files.
Passwords in commands, settings and raw files become ***. One <raw> may unpack to at most 2 GiB
(BENCHSITE_MAX_RAW=8G to change it): it is held in memory, about 3x its size at the peak.

Recognised:
${RECOGNISED}
Archived harness summaries and tables from posts are imported with \`benchsite import\`.

Options:
  --out <dir>     where runs go (default: content/runs)
  --meta <file>   YAML/JSON with facts the raw files lack: host (name, cpuModel, memoryGiB,
                  storage, os ...), dbms, config, date, device, cpus, notes
  --replace       a run whose id exists with other raw files replaces it (default: kept as a repeat)
  --verbose       list every file that was not part of a run
  --debug         print the stack trace of an error (also BENCHSITE_DEBUG=1), for a bug report

Example:
  benchsite harvest results/x.my8043_rel_o2nofp.z12a_c8r32.pk1 --meta hosts/pn53.yaml`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        out: { type: 'string', default: 'content/runs' },
        meta: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
      },
    });
    if (positionals.length === 0) throw new UsageError('give at least one raw directory or file to harvest');
    const meta = values.meta ? await readMeta(values.meta) : undefined;
    let failures = 0;
    let written = 0;
    for (const input of positionals) {
      let tree;
      try {
        tree = await loadRawInput(input);
      } catch (e) {
        console.error(`error: ${describeError(e, debugWanted())}`);
        failures++;
        continue;
      }
      let result;
      try {
        // The tree is not read again, so its files may move to the worker threads rather than be copied.
        result = await harvestAndWrite(
          tree,
          values.out!,
          { meta, metaName: values.meta, replace: values.replace, consume: true },
          (run, r) => {
            if ('error' in r) {
              console.error(`error: ${run.label}: ${describeError(r.error, debugWanted())}`);
              failures++;
              return;
            }
            const w = r.written;
            const failed = run.tests.filter((t) => t.status === 'failed').length;
            console.log(
              `${writtenLine(w, relative(process.cwd(), w.dir))}  (${run.tests.length} ${run.tests.length === 1 ? 'test' : 'tests'}${failed ? `, ${failed} failed` : ''})`,
            );
            for (const note of run.provenance.notes ?? [])
              if (isWarningNote(note)) console.error(`warning: ${run.label}: ${note}`);
              else console.log(`  note: ${note}`);
            written++;
          },
        );
      } catch (e) {
        // A file inside the input is named by its path in it: say which input that is.
        const inside = isInputError(e) && !e.file.startsWith(input) ? `${input}: ` : '';
        console.error(`error: ${inside}${describeError(e, debugWanted())}`);
        failures++;
        continue;
      }
      // Bad files left out while the rest was harvested: each named with why, and the exit code says so.
      for (const r of result.refused) {
        console.error(`error: ${r.reason.startsWith(input) ? '' : `${input}: `}${r.reason}`);
        failures++;
      }
      if (result.runs === 0 && result.refused.length === 0) {
        console.error(
          `error: ${input}: no benchmark runs found. See \`benchsite harvest --help\` for the layouts benchsite reads.`,
        );
        failures++;
      }
      if (result.skipped.length) {
        console.error(
          `${input}: ${result.skipped.length} file(s) are not part of any run and were not harvested${values.verbose ? ':' : ' (--verbose lists them)'}`,
        );
        if (values.verbose) for (const s of result.skipped) console.error(`  ${s.path}: ${s.reason}`);
      }
    }
    console.log(`${written} run(s) harvested${failures ? `, ${failures} error(s)` : ''}`);
    return failures ? 1 : 0;
  },
};
