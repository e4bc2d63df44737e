// pgbench: what the commands need of this folder (collectors/lib/benchmark-folder.ts): harvest, run, and the
// import of a post's relative tables. The CLI's side only: the site never imports this file.
import { executeSteps } from '../../collectors/lib/execute-steps.ts';
import type { BenchmarkFolder } from '../../collectors/lib/benchmark-folder.ts';
import { InputError } from '../../collectors/lib/input-error.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { harvestPgbench } from './harvest.ts';
import { planPgbench } from './plan.ts';
import { pgbenchTestParts } from './vocabulary.ts';

export const folder: BenchmarkFolder<'pgbench'> = {
  name: 'pgbench',
  help: {
    harvest:
      "plain pgbench output files (10 to 19; -P progress lines, -r statement latencies; stdout and stderr saved together): the files of one directory are one run, each output (each run of a loop's log) a test, a pgbench -i output its table load",
    run: 'scale, clients: [N, ...], seconds, tests: built-in scripts (tpcb-like, simple-update, select-only) or custom ones ({ name, sql }); PostgreSQL only',
  },
  harvest: harvestPgbench,
  run: {
    tools: (b) => [b.pgbench, 'vmstat', 'iostat'],
    plan: planPgbench,
    execute: executeSteps,
  },
  published: {
    decodeLabel: (label) => decodeLabel(label),
    workload: (tests, _meta, metaName) => {
      const clients = [...new Set(tests.map((t) => pgbenchTestParts(t.name)?.clients))].filter(
        (c): c is number => c !== undefined,
      );
      if (tests.length && !clients.length)
        throw new InputError(
          `${metaName ?? '--meta'}: the tests name no client count: name pgbench tests <script>.c<clients> (select-only.c8)`,
        );
      return { kind: 'pgbench', clients: clients.length ? clients.sort((a, b) => a - b) : [1] };
    },
    params: (test) => {
      const parts = pgbenchTestParts(test);
      return parts ? { clients: parts.clients } : undefined;
    },
    testExamples: ['select-only.c8', 'tpcb-like.c1'],
  },
};
