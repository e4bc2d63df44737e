// Run spec -> the steps of a sysbench run, per DBMS entry. Pure: the same spec always gives the same plan,
// which is what lets `--resume` match an interrupted run step by step.
import type { SpecDbms } from '../../src/schemas/index.ts';
import type { SysbenchSpec } from './schemas.ts';
import { password } from '../../collectors/lib/dbms-client.ts';
import { dbmsSteps, teardownSteps } from '../../collectors/lib/dbms-steps.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import type { DbmsPlan, Plan, RunCommand, Step } from '../../collectors/lib/steps.ts';
import { SYSBENCH_TESTS, baseTestType, sysbenchTestName } from './vocabulary.ts';

/** sysbench's interval line: live QPS for the progress line. */
const INTERVAL_QPS = /\[\s*\d+s\s*\]\s+thds:\s*\d+\s+tps:\s*[\d.]+\s+qps:\s*([\d.]+)/;
/** The report's `queries:` line: the test's QPS, logged when it ends. */
const REPORT_QPS = /queries:\s+\d+\s+\(([\d.]+) per sec\.\)/;

/**
 * How sysbench connects: its options, and where the password goes, never on its command line (which every user
 * of the host can read). The pgsql driver leaves an empty password to libpq, which takes PGPASSWORD; the mysql
 * driver passes its (empty) option to the client library, which then ignores MYSQL_PWD, so the password goes
 * in an options file that sysbench reads from its standard input (`--config-file=/dev/stdin`).
 */
function driverArgs(dbms: SpecDbms): Pick<RunCommand, 'argv' | 'env' | 'input'> {
  const c = dbms.connection;
  const d = dbms.product === 'postgres' ? 'pgsql' : 'mysql';
  const argv = [`--db-driver=${d}`, `--${d}-user=${c.user}`, `--${d}-db=${c.database}`];
  const pw = password(c);
  let env: Record<string, string> | undefined;
  let input: string | undefined;
  if (pw && d === 'pgsql') env = { PGPASSWORD: pw };
  else if (pw) {
    argv.push('--config-file=/dev/stdin');
    input = `mysql-password=${sysbenchOptionValue(pw, dbms.label)}\n`;
  }
  if (c.socket) argv.push(dbms.product === 'postgres' ? `--pgsql-host=${c.socket}` : `--mysql-socket=${c.socket}`);
  else {
    argv.push(`--${d}-host=${c.host}`);
    if (c.port) argv.push(`--${d}-port=${c.port}`);
  }
  return { argv, env, input };
}

/**
 * A value in a sysbench options file: quoted with " or ' (the file has no escapes), so it may hold blanks, `,`
 * and `#`, but not both quotes, a line break, or more than sysbench reads of a line.
 */
function sysbenchOptionValue(value: string, label: string): string {
  const quote = value.includes('"') ? "'" : '"';
  if (value.includes(quote) || /[\n\r\0]/.test(value) || value.length > 900)
    throw new Error(
      `the MySQL password of DBMS entry ${label} cannot be given to sysbench: its options file has no escapes, so a password with both ' and ", a line break, or over 900 characters does not fit. Use another password for the benchmark user`,
    );
  return `${quote}${value}${quote}`;
}

/** Parse a spec test entry: `read-only` or `read-only_range=10`. */
function specTest(entry: string, defaultRange: number | undefined): { type: string; range?: number } {
  const m = /^(.+?)(?:_range=(\d+))?$/.exec(entry)!;
  return { type: m[1]!, range: m[2] ? Number(m[2]) : defaultRange };
}

/** Where the mytools scripts are: the spec's `luaDir` (`benchsite run --lua-dir` sets it). */
function luaPathArgs(luaDir: string): string[] {
  // Their scripts `require("oltp_common")` of their own directory, as run.sh's LUA_PATH gives it.
  return ['env', `LUA_PATH=${luaDir.replace(/\/+$/, '')}/?.lua;;`];
}

interface PlannedTest {
  type: string;
  range: number;
  lua: string;
  args: string[];
  tableSize?: number;
  seconds: number;
}

/**
 * The tests of the spec, each with the script that runs it: the mytools script of the spec's `luaDir` (every
 * test of the posts), else sysbench's own (the tests it has an equivalent for; the others are skipped, saying so).
 */
function plannedTests(spec: SysbenchSpec): { tests: PlannedTest[]; skipped: Plan['skipped'] } {
  const skipped: Plan['skipped'] = [];
  const tests: PlannedTest[] = [];
  const luaDir = spec.luaDir?.replace(/\/+$/, '');
  for (const entry of spec.tests) {
    const { type, range: asked } = specTest(entry, spec.range);
    const t = SYSBENCH_TESTS[baseTestType(type)];
    if (!t) {
      skipped.push({ test: entry, reason: `unknown test; known: ${Object.keys(SYSBENCH_TESTS).join(', ')}` });
      continue;
    }
    if (!luaDir && !t.stock) {
      skipped.push({
        test: entry,
        reason: `needs the mytools Lua script ${t.mytoolsLua}; stock sysbench has no equivalent (give the scripts' directory: --lua-dir or luaDir)`,
      });
      continue;
    }
    const range = asked ?? t.defaultRange;
    const seconds =
      t.seconds === 'read'
        ? spec.seconds.read
        : t.seconds === 'insert'
          ? (spec.seconds.insert ?? spec.seconds.write)
          : spec.seconds.write;
    const script = luaDir
      ? { lua: `${luaDir}/${t.mytoolsLua}`, args: t.mytoolsArgs(range) }
      : { lua: t.stock!.lua, args: t.stock!.args(range) };
    tests.push({ type, range, ...script, tableSize: t.tableSize, seconds });
  }
  return { tests, skipped };
}

export function planSysbench(spec: SysbenchSpec, dbmsList: SpecDbms[]): Plan {
  const { tests, skipped } = plannedTests(spec);
  const program = [...(spec.luaDir ? luaPathArgs(spec.luaDir) : []), spec.sysbench];
  const runs = dbmsList.map((dbms): DbmsPlan => {
    const driver = driverArgs(dbms);
    const secrets = { env: driver.env, input: driver.input };
    const common = (tableSize?: number) => [
      ...driver.argv,
      `--tables=${spec.tables}`,
      `--table-size=${tableSize ?? spec.rows}`,
    ];
    const steps: Step[] = dbmsSteps(dbms);
    const first = tests[0];
    const sfx = (type: string, range: number) => `${type}.range${range}.pk1`;
    const tableStep = (id: string, verb: 'cleanup' | 'prepare', file: string): Step => {
      // Stock prepare is oltp_read_write's; mytools run.sh prepares with the first test's script (all share
      // oltp_common's prepare).
      const argv = [...program, spec.luaDir ? first!.lua : 'oltp_read_write', ...common(), verb];
      return {
        id,
        kind: 'run',
        what: verb,
        commands: [{ argv, ...secrets, file, header: redactSecrets(argv.join(' ')) }],
        timeoutMs: 6 * 3600_000,
      };
    };
    if (spec.prepare && first) {
      // Drop leftovers of an earlier run first: stock prepare fails when the tables exist.
      steps.push(tableStep('cleanup-before', 'cleanup', `sb.cleanup.before.${sfx(first.type, first.range)}`));
      steps.push(tableStep('prepare', 'prepare', `sb.prepare.o.${sfx(first.type, first.range)}`));
    }
    for (const t of tests) {
      for (const threads of spec.threads) {
        const sfxn = `${sfx(t.type, t.range)}.dop${threads}`;
        const argv = [
          ...program,
          t.lua,
          ...common(t.tableSize),
          `--range-size=${t.range}`,
          `--threads=${threads}`,
          '--events=0',
          `--time=${t.seconds}`,
          `--report-interval=${spec.reportIntervalSeconds}`,
          ...t.args,
          'run',
        ];
        steps.push({
          id: `test:${sfxn}`,
          kind: 'run',
          what: `${t.seconds} s, ${threads} thread${threads > 1 ? 's' : ''}`,
          test: {
            name: sysbenchTestName(t.type, t.range),
            seconds: t.seconds,
            summary: { pattern: REPORT_QPS, unit: 'qps' },
          },
          // Line 1 is the command (password redacted), line 2 `N CPUs`, as mytools run.sh writes them.
          commands: [
            {
              argv,
              ...secrets,
              file: `sb.o.${sfxn}`,
              header: redactSecrets(argv.join(' ')),
              cpusLine: true,
              liveRate: INTERVAL_QPS,
            },
          ],
          monitors: { vm: `sb.vm.${sfxn}`, io: `sb.io.${sfxn}`, intervalSeconds: 1 },
          timeoutMs: (t.seconds + Math.max(120, t.seconds)) * 1000,
        });
      }
    }
    if (spec.cleanup && first)
      steps.push(tableStep('cleanup', 'cleanup', `sb.cleanup.${sfx(first.type, first.range)}`));
    steps.push(...teardownSteps(dbms));
    return { dbms, dir: dbms.label, steps };
  });
  return { runs, skipped };
}
