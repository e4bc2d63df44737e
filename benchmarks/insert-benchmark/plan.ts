// Run spec -> the steps of an Insert Benchmark run, per DBMS entry: the steps of mytools' iq.sh (l.i0, l.x, l.i1,
// l.i2, qr<rate>.L1, qp<rate>.L2, ...), each one iibench.py per client with the options np.sh passes, vmstat and
// iostat beside it, into np.sh's files (<step>/o.ib.dop<N>.<i>, o.vm.dop<N>, o.io.dop<N>). Pure: the same spec
// always gives the same plan, which is what lets `--resume` match an interrupted run step by step.
import { type Connection, type SpecDbms } from '../../src/schemas/index.ts';
import { insertBenchmarkStepNames, type InsertBenchmarkSpec } from './schemas.ts';
import { parseStepName, type StepInfo } from './vocabulary.ts';
import { password } from '../../collectors/lib/dbms-client.ts';
import { dbmsSteps, teardownSteps } from '../../collectors/lib/dbms-steps.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import { quote } from '../../collectors/lib/transport/shell-quote.ts';
import type { DbmsPlan, Plan, RunCommand, Step } from '../../collectors/lib/steps.ts';

/** Rows each client inserts in l.x before it creates the indexes (iq.sh). */
const INDEX_STEP_ROWS = 100;
/** np.sh sleeps this long after starting the client that creates a shared table, before starting the others. */
const SHARED_TABLE_DELAY_S = 10;
/** Only for the ETA of load steps, whose length nobody knows in advance. */
const LOAD_ROWS_PER_S_GUESS = 20_000;

/** iibench's interval line (17 tab-separated numbers): i_ips is field 3, i_qps field 7. */
const INTERVAL_IPS = /^[\d.]+\t[\d.]+\t(\d+)\t/;
const INTERVAL_QPS = /^(?:[\d.]+\t){6}(\d+)\t/;
/** `Totals: <secs> secs, <rows/s> rows/sec, ...`: logged when a load step ends. */
const TOTALS = /Totals: \S+ secs, (\S+) rows\/sec/;

/** The harness's `<rows>m` of a result directory: rows loaded by l.i0 for all clients, in millions. */
function rowsLabel(spec: InsertBenchmarkSpec): string {
  return `${(spec.rows.load * spec.clients) / 1e6}m`;
}

/** What one step does: rows per client, rows per commit, insert rate limit, query threads and kind of query. */
interface StepShape {
  info: StepInfo;
  rows: number;
  rowsPerCommit: number;
  insertsPerSecond: number;
  queryThreads: number;
  setup: boolean;
  secondaryAtEnd: boolean;
  deletes: boolean;
  secondaryIndexes: number;
}

function stepShape(spec: InsertBenchmarkSpec, name: string): StepShape {
  const info = parseStepName(name)!;
  const base = {
    info,
    insertsPerSecond: 0,
    queryThreads: 0,
    setup: false,
    secondaryAtEnd: false,
    deletes: spec.deletes,
    secondaryIndexes: spec.secondaryIndexes,
  };
  if (name === 'l.i0') {
    const indexesLater = spec.createIndexes === 'after-load';
    return {
      ...base,
      rows: spec.rows.load,
      rowsPerCommit: spec.rowsPerCommit.load,
      setup: true,
      deletes: false,
      secondaryIndexes: indexesLater ? 0 : spec.secondaryIndexes,
    };
  }
  if (name === 'l.x')
    return {
      ...base,
      rows: INDEX_STEP_ROWS,
      rowsPerCommit: spec.rowsPerCommit.load,
      secondaryAtEnd: true,
      deletes: false,
    };
  if (name === 'l.i1')
    return { ...base, rows: Math.floor((spec.rows.write * 4) / 5), rowsPerCommit: spec.rowsPerCommit.write1 };
  if (name === 'l.i2')
    return { ...base, rows: Math.floor(spec.rows.write / 5), rowsPerCommit: spec.rowsPerCommit.write2 };
  const rate = info.ratePerClient!;
  return {
    ...base,
    rows: spec.querySeconds * rate,
    rowsPerCommit: spec.rowsPerCommit.query,
    insertsPerSecond: rate,
    queryThreads: spec.queryThreads,
  };
}

/** Where iibench.py connects: it has no port option, so a port goes in libpq's / libmysqlclient's environment. */
function connectionArgs(product: SpecDbms['product'], c: Connection): { args: string[]; env: Record<string, string> } {
  const env: Record<string, string> = {};
  if (product === 'postgres') {
    if (!c.socket && c.port) env.PGPORT = String(c.port);
    return { args: [`--db_host=${c.socket ?? c.host}`], env };
  }
  if (c.socket) return { args: ['--db_host=localhost', `--db_socket=${c.socket}`], env };
  if (c.port) env.MYSQL_TCP_PORT = String(c.port);
  return { args: [`--db_host=${c.host}`], env };
}

/**
 * iibench.py takes its password only as `--db_password=`, and a command line is visible to every user of the
 * host (`ps`). So Python runs iibench.py through this launcher, which adds the option from the environment to
 * sys.argv (not to the process's command line) and runs the script as `python iibench.py ...` would (its
 * directory first on sys.path, as __main__).
 */
export const IIBENCH_LAUNCHER = [
  'import os,runpy,sys',
  'a=sys.argv[1:]',
  'p=os.environ.pop("BENCHSITE_DB_PASSWORD","")',
  'sys.argv=a+["--db_password="+p]*bool(p)',
  'sys.path[0]=os.path.dirname(os.path.abspath(a[0]))',
  'runpy.run_path(a[0],run_name="__main__")',
].join(';');
const IIBENCH_PASSWORD_ENV = 'BENCHSITE_DB_PASSWORD';

/**
 * The iibench.py argv of one client in one step, in np.sh's option order, as np.sh's line 1 shows it: the
 * password as `***` (the launcher adds the real one).
 */
function iibenchArgv(
  spec: InsertBenchmarkSpec,
  dbms: SpecDbms,
  s: StepShape,
  client: number,
  seed: number,
  table: string,
): string[] {
  const c = dbms.connection;
  const postgres = dbms.product === 'postgres';
  const conn = connectionArgs(dbms.product, c);
  const host = conn.args[0]!;
  const socket = conn.args.slice(1);
  const engine = postgres ? ['--engine=pg'] : [`--engine=${spec.engine}`, '--engine_options='];
  return [
    spec.python,
    spec.iibench,
    `--dbms=${postgres ? 'postgres' : 'mysql'}`,
    `--db_name=${c.database}`,
    '--secs_per_report=1',
    host,
    `--db_user=${c.user}`,
    '--db_password=***',
    ...engine,
    '--unique_checks=1',
    '--bulk_load=0',
    ...socket,
    ...(s.secondaryAtEnd ? ['--secondary_at_end'] : []),
    ...(s.deletes ? ['--delete_per_insert'] : []),
    ...(s.info.queries === 'point' ? ['--query_pk_only'] : []),
    `--max_rows=${s.rows}`,
    `--table_name=${table}`,
    ...(s.setup ? ['--setup'] : []),
    `--num_secondary_indexes=${s.secondaryIndexes}`,
    `--data_length_min=${spec.dataLength.min}`,
    `--data_length_max=${spec.dataLength.max}`,
    `--rows_per_commit=${s.rowsPerCommit}`,
    `--inserts_per_second=${s.insertsPerSecond}`,
    `--query_threads=${s.queryThreads}`,
    `--seed=${seed}`,
    `--dbopt=${spec.dbopt}`,
    `--my_id=${client}`,
    ...(postgres && spec.preparedQueries ? ['--use_prepared_query'] : []),
  ];
}

function stepWhat(s: StepShape, clients: number): string {
  const who = `${clients} client${clients > 1 ? 's' : ''}`;
  if (s.info.kind === 'load') return `load ${s.rows} rows/client in PK order, ${who}`;
  if (s.info.kind === 'index') return `create ${s.secondaryIndexes} secondary indexes, ${who}`;
  if (s.info.kind === 'write')
    return `insert ${s.rows} rows/client, ${s.rowsPerCommit}/commit${s.deletes ? ' with deletes' : ''}, ${who}`;
  return `${s.info.queries} queries at ${s.insertsPerSecond} inserts/s/client for ${s.rows / s.insertsPerSecond} s, ${who}`;
}

/** Stop before the first step when iibench.py is not where the spec says (instead of every step failing). */
function checkIibench(spec: InsertBenchmarkSpec): Step {
  const path = quote(spec.iibench);
  const message = quote(
    `${spec.iibench} is not a readable file on this host: set benchmark.iibench to the path of mytools' bench/ibench/iibench.py`,
  );
  return {
    id: 'check-iibench',
    kind: 'shell',
    what: 'setup',
    script: `test -r ${path} && test -f ${path} || { echo ${message} >&2; exit 1; }`,
  };
}

export function planInsertBenchmark(spec: InsertBenchmarkSpec, dbmsList: SpecDbms[]): Plan {
  const all = insertBenchmarkStepNames(spec);
  const names = spec.steps ? all.filter((n) => spec.steps!.includes(n)) : all;
  const runs = dbmsList.map((dbms): DbmsPlan => {
    const steps: Step[] = [...dbmsSteps(dbms), checkIibench(spec)];
    for (const name of names) {
      const s = stepShape(spec, name);
      // One table for all clients: only one client creates the indexes (np.sh's realdop = 1).
      const clients = s.info.kind === 'index' && !spec.tablePerClient ? 1 : spec.clients;
      const dop = spec.clients;
      const commands: RunCommand[] = [];
      for (let n = 1; n <= clients; n++) {
        const table = spec.tablePerClient ? `pi${n}` : 'pi1';
        const shape = !spec.tablePerClient && n > 1 ? { ...s, setup: false } : s;
        const shown = iibenchArgv(spec, dbms, shape, n, spec.seed + 1000 * all.indexOf(name) + n, table);
        const pw = password(dbms.connection);
        const env = {
          ...spec.env,
          ...connectionArgs(dbms.product, dbms.connection).env,
          ...(pw ? { [IIBENCH_PASSWORD_ENV]: pw } : {}),
        };
        const [python, ...args] = shown.filter((a) => !a.startsWith('--db_password='));
        commands.push({
          argv: [python!, '-c', IIBENCH_LAUNCHER, ...args],
          env: Object.keys(env).length ? env : undefined,
          file: `${name}/o.ib.dop${dop}.${n}`,
          // Line 1 is the iibench.py command, as np.sh echoes it, password redacted.
          header: shown.map((a) => redactSecrets(a)).join(' '),
          liveRate: s.info.kind === 'query' ? INTERVAL_QPS : INTERVAL_IPS,
          // The client with --setup creates the shared table; the others wait for it, as np.sh does.
          delaySeconds: s.setup && !spec.tablePerClient && n > 1 ? SHARED_TABLE_DELAY_S : undefined,
        });
      }
      const seconds =
        s.info.kind === 'query' ? spec.querySeconds : Math.max(1, Math.round(s.rows / LOAD_ROWS_PER_S_GUESS));
      steps.push({
        id: `test:${name}`,
        kind: 'run',
        what: stepWhat(s, clients),
        test: {
          name,
          seconds,
          summary: s.info.kind === 'query' ? undefined : { pattern: TOTALS, unit: 'rows/s (client 1)' },
        },
        commands,
        monitors: { vm: `${name}/o.vm.dop${dop}`, io: `${name}/o.io.dop${dop}`, intervalSeconds: spec.monitorSeconds },
      });
    }
    steps.push(...teardownSteps(dbms));
    return { dbms, dir: `${rowsLabel(spec)}.${dbms.label}`, steps };
  });
  return { runs, skipped: [] };
}
