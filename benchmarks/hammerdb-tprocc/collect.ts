// HammerDB TPROC-C: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import { perDirectory } from '../../collectors/lib/archive-run.ts';
import { HAMMERDB_POINT } from './vocabulary.ts';
import type { BenchmarkFolder } from '../../collectors/lib/benchmark-folder.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { executeHammerdb } from './execute.ts';
import { harvestHammerdb } from './harvest.ts';
import { importSumRes, isSumRes } from './import-sum-res.ts';
import { hammerdbcliPath, planHammerdb } from './plan.ts';
import { workloadOfTests } from './workload.ts';

export const folder: BenchmarkFolder<'hammerdb-tprocc'> = {
  name: 'hammerdb-tprocc',
  harvest: harvestHammerdb,
  run: {
    tools: (b) => [hammerdbcliPath(b), 'vmstat', 'iostat'],
    plan: (spec) => planHammerdb(spec.benchmark, spec.dbms, spec.name),
    execute: executeHammerdb,
    secrets: (b) => (b.pgUserPasswordEnv ? [process.env[b.pgUserPasswordEnv] ?? ''] : []),
  },
  archive: { recognises: isSumRes, import: perDirectory(importSumRes) },
  published: {
    decodeLabel: (label) => decodeLabel(label),
    workload: (tests) => workloadOfTests(tests),
    params: (test) => {
      const m = HAMMERDB_POINT.exec(test)!;
      return { virtualUsers: Number(m[1]), warehouses: Number(m[2]) };
    },
  },
};
