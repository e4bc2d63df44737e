// Run spec -> the steps of a pgbench run, per DBMS entry: the shared DBMS steps, `pgbench -i`, then every test
// once per client count with vmstat and iostat beside it. Pure: the same spec always gives the same plan, which
// is what lets `--resume` match an interrupted run step by step.
import type { RunSpec, SpecDbms } from '../../src/schemas/index.ts';
import { password } from '../../collectors/lib/dbms-client.ts';
import { dbmsSteps, teardownSteps } from '../../collectors/lib/dbms-steps.ts';
import { redactSecrets } from '../../collectors/lib/provenance.ts';
import type { DbmsPlan, Plan, RunCommand, Step } from '../../collectors/lib/steps.ts';
import { INIT_OUTPUT, sideFile } from './harvest.ts';
import type { PgbenchSpec } from './schemas.ts';
import { INIT_TEST, pgbenchTestName } from './vocabulary.ts';

/** A progress line's TPS, for the live rate. */
const PROGRESS_TPS = /^progress: [\d.]+ s, ([\d.]+) tps/;
/** The report's TPS, logged when a test ends. */
const REPORT_TPS = /^tps = ([\d.]+) \((?:without|excluding|including reconnection)/m;

/** pgbench's connection options; the password goes in PGPASSWORD, never on the command line. */
function connection(dbms: SpecDbms): { argv: string[]; env?: Record<string, string> } {
  const c = dbms.connection;
  const argv = [
    '-U',
    c.user,
    ...(c.socket ? ['-h', c.socket] : ['-h', c.host, ...(c.port ? ['-p', String(c.port)] : [])]),
  ];
  const pw = password(c);
  return { argv, env: pw ? { PGPASSWORD: pw } : undefined };
}

/**
 * The program's stderr (progress lines, errors) joined to its stdout in one pipe, in the order pgbench wrote
 * them: the file keeps both, and the progress lines give the live rate.
 */
function withStderr(argv: string[]): string[] {
  return ['sh', '-c', 'exec "$0" "$@" 2>&1', ...argv];
}

/** A test's script options: `-b <builtin>`, or `-f <file>` written on the host. */
type Script = { name: string; args: (dir: string) => string[]; file?: { name: string; sql: string } };

function scriptsOf(spec: PgbenchSpec): Script[] {
  return spec.tests.map((t) =>
    typeof t === 'string'
      ? { name: t, args: () => ['-b', t] }
      : { name: t.name, args: (dir) => ['-f', `${dir}/${t.name}.sql`], file: { name: t.name, sql: t.sql } },
  );
}

export function planPgbench(spec: RunSpec & { benchmark: PgbenchSpec }): Plan {
  const b = spec.benchmark;
  const scripts = scriptsOf(b);
  const runs = spec.dbms.map((dbms): DbmsPlan => {
    const conn = connection(dbms);
    const db = dbms.connection.database;
    const dir = `${b.workDir}/${spec.name}/${dbms.label}`;
    const command = (argv: string[], file: string): RunCommand => ({
      argv: withStderr(argv),
      env: conn.env,
      file,
      header: redactSecrets(argv.join(' ')),
    });
    const steps: Step[] = dbmsSteps(dbms);
    if (b.init) {
      const argv = [b.pgbench, '-i', '-s', String(b.scale), ...conn.argv, db];
      steps.push({
        id: INIT_TEST,
        kind: 'run',
        what: `pgbench -i -s ${b.scale}`,
        commands: [command(argv, INIT_OUTPUT)],
        timeoutMs: 12 * 3600_000,
      });
    }
    for (const s of scripts) {
      for (const clients of b.clients) {
        const test = pgbenchTestName(s.name, clients);
        const argv = [
          b.pgbench,
          ...conn.argv,
          '-c',
          String(clients),
          '-j',
          String(b.threads ?? clients),
          '-T',
          String(b.seconds),
          '-P',
          String(b.progressSeconds),
          ...(b.perStatement ? ['-r'] : []),
          '-M',
          b.queryMode,
          ...(b.maxTries !== undefined ? ['--max-tries', String(b.maxTries)] : []),
          ...(b.noVacuum ? ['-n'] : []),
          ...s.args(dir),
          db,
        ];
        steps.push({
          id: `test:${test}`,
          kind: 'run',
          what: `${b.seconds} s, ${clients} client${clients > 1 ? 's' : ''}`,
          test: { name: test, seconds: b.seconds, summary: { pattern: REPORT_TPS, unit: 'tps' } },
          commands: [{ ...command(argv, `pgbench.o.${test}`), liveRate: PROGRESS_TPS, liveRateUnit: 'tps' }],
          monitors: { vm: sideFile('vm', test), io: sideFile('io', test), intervalSeconds: 1 },
          timeoutMs: (b.seconds + Math.max(120, b.seconds)) * 1000,
        });
      }
    }
    steps.push(...teardownSteps(dbms));
    const files = scripts
      .filter((s) => s.file)
      .map((s) => ({
        hostPath: `${dir}/${s.name}.sql`,
        keep: `scripts/${s.name}.sql`,
        content: `${s.file!.sql.trimEnd()}\n`,
      }));
    return { dbms, dir: dbms.label, steps, ...(files.length && { files }) };
  });
  return { runs, skipped: [] };
}
