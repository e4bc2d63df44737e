// Run spec -> the steps of a sysbench run, per DBMS entry. Pure: the same spec always gives the same plan,
// which is what lets `--resume` match an interrupted run step by step.
import type { Connection, SpecDbms, SysbenchSpec } from '../../src/schemas/index.ts';
import { createDatabase, password, serverSettings, serverVersion, type ClientCommand } from '../lib/dbms-client.ts';
import { SYSBENCH_TESTS, baseTestType, sysbenchTestName } from './tests.ts';

export type Step =
  | { id: string; kind: 'shell'; what: 'setup' | 'teardown'; script: string }
  | { id: string; kind: 'client'; what: 'create-database' | 'server-version' | 'server-settings'; command: ClientCommand; file?: string }
  | { id: string; kind: 'sysbench'; what: 'prepare' | 'cleanup'; argv: string[]; file: string }
  | {
      id: string;
      kind: 'test';
      /** The test's name in tables, e.g. `point-query`, `read-only_range=10`. */
      name: string;
      testType: string;
      range: number;
      threads: number;
      seconds: number;
      argv: string[];
      /** Raw files, mytools names: sb.o / sb.vm / sb.io `.<test>.range<N>.pk1.dop<T>`. */
      files: { out: string; vm: string; io: string };
    };

export interface DbmsPlan {
  dbms: SpecDbms;
  /** Raw run directory name (also the run's label). */
  dir: string;
  steps: Step[];
}

export interface SysbenchPlan {
  runs: DbmsPlan[];
  /** Tests of the spec that stock sysbench 1.0.20 cannot run, and why. */
  skipped: Array<{ test: string; reason: string }>;
}

function driverArgs(product: SpecDbms['product'], c: Connection): string[] {
  const d = product === 'postgres' ? 'pgsql' : 'mysql';
  const args = [`--db-driver=${d}`, `--${d}-user=${c.user}`, `--${d}-db=${c.database}`];
  if (password(c)) args.push(`--${d}-password=${password(c)}`);
  if (c.socket) args.push(product === 'postgres' ? `--pgsql-host=${c.socket}` : `--mysql-socket=${c.socket}`);
  else {
    args.push(`--${d}-host=${c.host}`);
    if (c.port) args.push(`--${d}-port=${c.port}`);
  }
  return args;
}

/** Parse a spec test entry: `read-only` or `read-only_range=10`. */
function specTest(entry: string, defaultRange: number | undefined): { type: string; range?: number } {
  const m = /^(.+?)(?:_range=(\d+))?$/.exec(entry)!;
  return { type: m[1]!, range: m[2] ? Number(m[2]) : defaultRange };
}

export function planSysbench(spec: SysbenchSpec, dbmsList: SpecDbms[]): SysbenchPlan {
  const skipped: SysbenchPlan['skipped'] = [];
  const tests: Array<{ type: string; range: number; lua: string; args: string[]; tableSize?: number; seconds: number }> = [];
  for (const entry of spec.tests) {
    const { type, range: asked } = specTest(entry, spec.range);
    const t = SYSBENCH_TESTS[baseTestType(type)];
    if (!t) {
      skipped.push({ test: entry, reason: `unknown test; known: ${Object.keys(SYSBENCH_TESTS).join(', ')}` });
      continue;
    }
    if (!t.stock) {
      skipped.push({ test: entry, reason: `needs the mytools Lua script ${t.mytoolsLua}; stock sysbench has no equivalent` });
      continue;
    }
    const range = asked ?? t.defaultRange;
    const seconds = t.seconds === 'read' ? spec.seconds.read : t.seconds === 'insert' ? (spec.seconds.insert ?? spec.seconds.write) : spec.seconds.write;
    tests.push({ type, range, lua: t.stock.lua, args: t.stock.args(range), tableSize: t.stock.tableSize, seconds });
  }
  const runs = dbmsList.map((dbms): DbmsPlan => {
    const common = (tableSize?: number) => [
      ...driverArgs(dbms.product, dbms.connection),
      `--tables=${spec.tables}`,
      `--table-size=${tableSize ?? spec.rows}`,
    ];
    const steps: Step[] = [];
    dbms.setup.forEach((script, i) => steps.push({ id: `setup-${i + 1}`, kind: 'shell', what: 'setup', script }));
    steps.push({ id: 'create-database', kind: 'client', what: 'create-database', command: createDatabase(dbms.product, dbms.connection) });
    steps.push({ id: 'server-version', kind: 'client', what: 'server-version', command: serverVersion(dbms.product, dbms.connection), file: 'dbms-version.txt' });
    steps.push({ id: 'server-settings', kind: 'client', what: 'server-settings', command: serverSettings(dbms.product, dbms.connection), file: 'dbms-settings.txt' });
    const first = tests[0];
    const sfx = (type: string, range: number) => `${type}.range${range}.pk1`;
    if (spec.prepare && first) {
      // Drop leftovers of an earlier run first: stock prepare fails when the tables exist.
      steps.push({ id: 'cleanup-before', kind: 'sysbench', what: 'cleanup', argv: [spec.sysbench, 'oltp_read_write', ...common(), 'cleanup'], file: `sb.cleanup.before.${sfx(first.type, first.range)}` });
      steps.push({ id: 'prepare', kind: 'sysbench', what: 'prepare', argv: [spec.sysbench, 'oltp_read_write', ...common(), 'prepare'], file: `sb.prepare.o.${sfx(first.type, first.range)}` });
    }
    for (const t of tests) {
      for (const threads of spec.threads) {
        const sfxn = `${sfx(t.type, t.range)}.dop${threads}`;
        steps.push({
          id: `test:${sfxn}`,
          kind: 'test',
          name: sysbenchTestName(t.type, t.range),
          testType: t.type,
          range: t.range,
          threads,
          seconds: t.seconds,
          argv: [
            spec.sysbench, t.lua, ...common(t.tableSize), `--range-size=${t.range}`, `--threads=${threads}`,
            '--events=0', `--time=${t.seconds}`, `--report-interval=${spec.reportIntervalSeconds}`, ...t.args, 'run',
          ],
          files: { out: `sb.o.${sfxn}`, vm: `sb.vm.${sfxn}`, io: `sb.io.${sfxn}` },
        });
      }
    }
    if (spec.cleanup && first) steps.push({ id: 'cleanup', kind: 'sysbench', what: 'cleanup', argv: [spec.sysbench, 'oltp_read_write', ...common(), 'cleanup'], file: `sb.cleanup.${sfx(first.type, first.range)}` });
    dbms.teardown.forEach((script, i) => steps.push({ id: `teardown-${i + 1}`, kind: 'shell', what: 'teardown', script }));
    return { dbms, dir: dbms.label, steps };
  });
  return { runs, skipped };
}
