// HammerDB TPROC-C: what the commands need of this folder (collectors/lib/benchmark-folder.ts).
import { perDirectory } from '../../collectors/lib/archive-run.ts';
import { HAMMERDB_POINT } from './vocabulary.ts';
import { RAW_OUTPUT, type BenchmarkFolder } from '../../collectors/lib/benchmark-folder.ts';
import { decodeLabel } from '../../collectors/lib/labels.ts';
import { executeHammerdb } from './execute.ts';
import { harvestHammerdb } from './harvest.ts';
import { importSumRes, isSumRes } from './import-sum-res.ts';
import { importHammerdbTables } from './published-table.ts';
import { hammerdbcliPath, planHammerdb } from './plan.ts';
import { workloadOfTests } from './workload.ts';

export const folder: BenchmarkFolder<'hammerdb-tprocc'> = {
  name: 'hammerdb-tprocc',
  help: {
    harvest:
      "mytools res.<dbms>.load<n>.vu<v>.w<w>.<rampup>.<duration>/ directories, and HammerDB's own files: hammerdbcli output, hammerdb*.log, hdbtcount*.log, hdbxtprofile*.log, hammer.DB, jobs JSON, v6 result artifacts",
    run: 'installDir, warehouses, buildVirtualUsers, virtualUsers: [N, ...], rampupMinutes, durationMinutes, storedProcedures, allWarehouses, vacuum ...; per DBMS entry one schema build, then a timed TPROC-C run per VU count with hammerdbcli from installDir',
  },
  harvest: harvestHammerdb,
  run: {
    tools: (b) => [hammerdbcliPath(b), 'vmstat', 'iostat'],
    plan: (spec) => planHammerdb(spec.benchmark, spec.dbms, spec.name),
    execute: executeHammerdb,
    secrets: (b) => (b.pgUserPasswordEnv ? [process.env[b.pgUserPasswordEnv] ?? ''] : []),
  },
  archive: {
    recognises: isSumRes,
    import: perDirectory(importSumRes),
    help: 'sum.res.<dbms>.load<n>.vu<v>.w<w>.<rampup>.<duration>.csv (+ .rel.csv): one run per build, one test per file (point) [harness summary]',
  },
  notImported: (name) => (/^o\..+\.(run|build)\./.test(name) ? RAW_OUTPUT : undefined),
  published: {
    decodeLabel: (label) => decodeLabel(label),
    workload: (tests) => workloadOfTests(tests),
    params: (test) => {
      const m = HAMMERDB_POINT.exec(test)!;
      return { virtualUsers: Number(m[1]), warehouses: Number(m[2]) };
    },
    testExamples: ['vu6.w1000'],
    tables: {
      what: 'a published HammerDB table (label, virtual_users, warehouses, metrics)',
      help: 'HammerDB results: label, virtual_users, warehouses, dbms, version, config, stored_procedures, metric columns (nopm, tpm, vmstat_cs ...) [published table]',
      recognises: (header) => header.includes('virtual_users') && header.includes('warehouses'),
      import: importHammerdbTables,
    },
  },
};
