import { z } from 'zod';
import { IsoDate, Text, Name } from './common.ts';
import { HostSchema } from './host.ts';
import { DbmsSchema } from './dbms.ts';
import { ConfigSchema } from './config.ts';
import { Benchmark, WorkloadSchema } from './workload.ts';
import { TestSchema } from './test.ts';
import { ResultRowSchema } from './result.ts';
import { ProvenanceSchema } from './provenance.ts';
import { RelativeTableSchema } from './relative.ts';

/** The schema version this code writes; a run of another version does not validate. */
export const RUN_SCHEMA_VERSION = 1;

/**
 * One `run.json`: one execution of one benchmark, for one DBMS build + config, on one host.
 * Its id is its path under `content/runs/`: `<benchmark>/<host>/<YYYYMMDD>-<label>`.
 */
export const RunSchema = z
  .strictObject({
    /** Always 1 for this version of the format. */
    schemaVersion: z.literal(RUN_SCHEMA_VERSION),
    /** Which benchmark; equals `workload.kind` and the first segment of the run id. */
    benchmark: Benchmark,
    /** The run's label as the user or harness named it, kept for display, e.g. `x.my8043_rel_o2nofp.z12a_c8r32.pk1`. */
    label: Name,
    /**
     * The n-th run (n >= 2) with the same benchmark, host, date and label, whose raw files differ from the runs
     * before it: a repeat, kept beside them to measure noise. Its id ends in `~<n>`. Absent for the first.
     */
    repeat: z.number().int().min(2).optional(),
    /** Day the run started (the `YYYYMMDD` of the run id). */
    date: IsoDate,
    /** Where `date` came from: a raw file (iostat header, tool timestamps), `--meta`, the run spec, file times, or a published post. */
    dateSource: z.enum(['raw-files', 'meta', 'spec', 'file-mtime', 'published']),
    host: HostSchema,
    dbms: DbmsSchema,
    config: ConfigSchema,
    workload: WorkloadSchema,
    /** Every test or step, including failed ones. */
    tests: z.array(TestSchema).min(1),
    /** All numbers as tidy rows. */
    results: z.array(ResultRowSchema),
    provenance: ProvenanceSchema,
    /**
     * Only for `published-relative` runs: the post's tables of this run relative to a base, one per base. Empty
     * for a run that is only the base of others. Such a run has no `results`: nothing absolute is known.
     */
    relative: z.array(RelativeTableSchema).optional(),
    /** Free text from the person who ran it. */
    notes: z.string().optional(),
    /** Notes pinned to a test, shown beside its numbers. */
    annotations: z.array(z.strictObject({ test: Name.optional(), text: Text })).optional(),
  })
  .superRefine((run, ctx) => {
    if (run.workload.kind !== run.benchmark) {
      ctx.addIssue({
        code: 'custom',
        path: ['workload', 'kind'],
        message: `workload.kind is "${run.workload.kind}" but benchmark is "${run.benchmark}"`,
        params: { hint: 'Make them the same' },
      });
    }
    const names = new Set<string>();
    run.tests.forEach((t, i) => {
      if (names.has(t.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['tests', i, 'name'],
          message: `test name "${t.name}" appears twice`,
          params: { hint: 'Give each test its own name' },
        });
      }
      names.add(t.name);
      if (t.status === 'failed' && !t.error) {
        ctx.addIssue({
          code: 'custom',
          path: ['tests', i, 'error'],
          message: 'a failed test needs an error message',
          params: { hint: 'Add what the tool printed when it failed' },
        });
      }
    });
    const relativeOnly = run.provenance.source === 'published-relative';
    if (relativeOnly && !run.relative) {
      ctx.addIssue({
        code: 'custom',
        path: ['relative'],
        message: 'a published-relative run needs its relative tables (an empty list for a base)',
        params: { hint: 'Add "relative": [] or the tables' },
      });
    }
    if (!relativeOnly && run.relative) {
      ctx.addIssue({
        code: 'custom',
        path: ['relative'],
        message: `relative tables belong to published-relative runs, this one is ${run.provenance.source}`,
        params: { hint: 'Remove "relative" or set provenance.source to published-relative' },
      });
    }
    if (relativeOnly && run.results.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['results'],
        message: 'a published-relative run has no absolute numbers',
        params: { hint: 'Keep its values in "relative"; results stay empty' },
      });
    }
    run.relative?.forEach((t, i) =>
      t.values.forEach((v, j) => {
        if (!names.has(v.test))
          ctx.addIssue({
            code: 'custom',
            path: ['relative', i, 'values', j, 'test'],
            message: `no test named "${v.test}" in tests`,
            params: { hint: 'Use the name of a test listed in tests, or add the test' },
          });
      }),
    );
    const seen = new Set<string>();
    run.results.forEach((r, i) => {
      if (!names.has(r.test)) {
        ctx.addIssue({
          code: 'custom',
          path: ['results', i, 'test'],
          message: `no test named "${r.test}" in tests`,
          params: { hint: 'Use the name of a test listed in tests, or add the test' },
        });
      }
      const key = `${r.test}\u0000${r.metric}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['results', i, 'metric'],
          message: `metric "${r.metric}" of test "${r.test}" appears twice`,
          params: { hint: 'Keep one row per test and metric' },
        });
      }
      seen.add(key);
    });
  });

export type Run = z.infer<typeof RunSchema>;
