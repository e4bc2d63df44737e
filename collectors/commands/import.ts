import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { basename, relative } from 'node:path';
import { readMeta } from '../lib/meta.ts';
import { writeHarvestedRun } from '../lib/write-run.ts';
import { importHammerdbTables, type PublishedCsv } from '../published/hammerdb-table.ts';
import { UsageError, type Command } from './command.ts';

export const importCommand: Command = {
  name: 'import',
  summary: 'turn published results tables (CSV) into runs whose provenance names the post',
  help: `Usage: benchsite import <csv>... --meta <file> [--out <dir>]

Turns a results table from a blog post (typed in as CSV) into runs, one per DBMS build, written like
harvested runs:
  <out>/hammerdb-tprocc/<host>/<YYYYMMDD>-<label>.<config>/run.json   (provenance: published table)
                                                           raw.tar.gz  (the CSV files themselves)
Writing is atomic and idempotent. Today it reads HammerDB TPROC-C tables.

CSV columns (header line required):
  label            the post's name for the build, e.g. pg181, my8408       (required)
  virtual_users    active virtual users of the measured point              (required)
  warehouses       warehouses of the measured point                        (required)
  dbms, version, config   e.g. postgres, 18.1, x10b_c32r128
  stored_procedures       true or false (tests get .sp0/.sp1 when a point has both)
  metrics          nopm, tpm, iostat_r_per_s, iostat_wmb_per_s, vmstat_r, vmstat_cs, vmstat_us,
                   vmstat_sy, vmstat_id, vmstat_wa, vmstat_us_plus_sy, cpu_per_nopm
A table without dbms/version/config columns (e.g. a post's vmstat/iostat table) adds its metrics to the
builds of the other tables of the same import, joined by label and point: give them together.

--meta <file> (YAML or JSON) names the post and the host, and what the table does not say:
  host:       { name: ax162s, description: ..., cpuModel: ..., cores: 48, memoryGiB: 128, ... }
  published:  { title: "HammerDB tproc-c on a large server, Postgres and MySQL", date: 2026-02-15, url: ... }
  hammerdb:   { rampupMinutes: 5, durationMinutes: 60, storedProcedures: true, partitioned: true }
  notes, ranBy

Options:
  --meta <file>   required, see above
  --out <dir>     where runs go (default: content/runs)

Example:
  benchsite import hammerdb-tprocc-48core-2026-02-15.csv hammerdb-tprocc-48core-2026-02-15-system.csv \\
    --meta content/meta/ax162s.yaml`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { out: { type: 'string', default: 'content/runs' }, meta: { type: 'string' } },
    });
    if (positionals.length === 0) throw new UsageError('give at least one CSV file to import');
    if (!values.meta) throw new UsageError('--meta <file> is required: it names the post and the host of the table');
    const meta = await readMeta(values.meta);
    const csvs: PublishedCsv[] = [];
    for (const path of positionals) {
      try {
        csvs.push({ name: basename(path), data: new Uint8Array(await readFile(path)) });
      } catch {
        throw new Error(`${path}: cannot read the file. Check the path.`);
      }
    }
    const runs = importHammerdbTables(csvs, meta, values.meta);
    let failures = 0;
    for (const h of runs) {
      try {
        const w = await writeHarvestedRun(h, values.out!);
        console.log(
          `${w.status === 'written' ? 'wrote    ' : 'unchanged'} ${relative(process.cwd(), w.dir)}/run.json  (${h.run.tests.length} tests, ${h.run.results.length} numbers)`,
        );
      } catch (e) {
        console.error(`error: ${h.run.label}: ${(e as Error).message}`);
        failures++;
      }
    }
    console.log(
      `${runs.length - failures} run(s) imported from ${csvs.map((c) => c.name).join(', ')}${failures ? `, ${failures} error(s)` : ''}`,
    );
    return failures ? 1 : 0;
  },
};
