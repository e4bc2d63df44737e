// Run spec -> the steps of a hammerdb-tprocc run, per DBMS entry, in the layout of Mark Callaghan's mytools
// harness that harvest.ts reads: one `res.<dbms>.load<n>.vu<v>.w<w>.<rampup>.<duration>/` directory per timed
// run holding `o.<dbms>.<label>.run.out` (hammerdbcli's output), `.run.vm` / `.run.io` (vmstat / iostat over the
// measured phase) and HammerDB's own files; the schema build (`.build.out`, `.build.vm`, `.build.io`) goes into
// the first. Pure: the same spec always gives the same plan, which is what lets `--resume` match step by step.
import type { SpecDbms } from '../../src/schemas/index.ts';
import type { HammerdbSpec } from './schemas.ts';
import { password } from '../../collectors/lib/dbms-client.ts';
import { dbmsSteps, teardownSteps } from '../../collectors/lib/dbms-steps.ts';
import type { DbmsPlan, Plan, Step } from '../../collectors/lib/steps.ts';
import { buildScript, effectiveSettings, PASSWORD_ENV, runScript, USER_PASSWORD_ENV } from './tcl.ts';

/** Where a step's HammerDB files (its `TMP`) are on the host, and how they are named in the raw directory. */
export interface Collect {
  step: string;
  /** The step's HammerDB temp directory on the host. */
  hostDir: string;
  /** Raw directory path prefix of the copies, e.g. `res.pg.load2.vu1.w2.1.1/o.pg.pg15.run.`. */
  prefix: string;
  /** Name of the jobs database copy (the harness keeps the run's as `o.<sfx>.hammer.DB`). */
  jobsDb: string;
}

export interface HammerdbPlan extends DbmsPlan {
  collect: Collect[];
  keepJobsDatabase: boolean;
}

/** Mark's DBMS codes in file names: `pg`, `my`, `ma`. */
const SHORT = { postgres: 'pg', mysql: 'my', mariadb: 'ma' } as const;

/** The transaction counter's `<n> PostgreSQL tpm` line: the live rate of the progress line. */
const COUNTER = /^(\d+) [A-Za-z]+ tpm\b/;
const RESULT = /TEST RESULT : System achieved (\d+) NOPM/;
/** HammerDB's monitor VU starts and ends the measured phase with these lines. */
const MEASURED_START = /Rampup complete, Taking start Transaction Count/;
const MEASURED_END = /Test complete, Taking end Transaction Count/;
/** A failed build never ends by itself: the other VUs wait for the failed monitor. */
const BUILD_FAILED = /^(Vuser \d+:FINISHED FAILED|Error in Virtual User \d+)/;

/**
 * hammerdbcli runs from HammerDB's directory (its launcher finds ./bin and ./lib there) with TMP set to the step's
 * own directory, so each step's jobs database and logs are its own. A directory left by an interrupted attempt is
 * moved aside, never deleted.
 */
const LAUNCH = [
  'tmp=$1; cd "$2" || exit 127',
  'if [ -e "$tmp" ]; then mv "$tmp" "$tmp.$(date +%Y%m%dT%H%M%S)" || exit 1; fi',
  'mkdir -p "$tmp" || exit 1',
  'TMP=$tmp exec "$3" auto "$4"',
].join('\n');

const isAbsolute = (p: string) => p.startsWith('/');

/** The hammerdbcli program on the host: relative paths are relative to `installDir`. */
export function hammerdbcliPath(spec: HammerdbSpec): string {
  return isAbsolute(spec.hammerdbcli)
    ? spec.hammerdbcli
    : `${spec.installDir.replace(/\/$/, '')}/${spec.hammerdbcli.replace(/^\.\//, '')}`;
}

export function planHammerdb(spec: HammerdbSpec, dbmsList: SpecDbms[], specName: string): Plan {
  return { runs: dbmsList.map((d) => planDbms(spec, d, specName)), skipped: [] };
}

function planDbms(spec: HammerdbSpec, dbms: SpecDbms, specName: string): HammerdbPlan {
  const set = effectiveSettings(spec, dbms.product);
  const short = SHORT[dbms.product];
  const sfx = `${short}.${dbms.label}`;
  const base = `${spec.workDir.replace(/\/$/, '')}/${specName}/${dbms.label}`;
  const c = dbms.connection;
  const env = {
    ...spec.environment,
    [PASSWORD_ENV]: password(c),
    [USER_PASSWORD_ENV]: spec.pgUserPasswordEnv ? (process.env[spec.pgUserPasswordEnv] ?? '') : password(c),
  };
  const resDir = (vu: number) =>
    `res.${short}.load${set.buildVirtualUsers}.vu${vu}.w${spec.warehouses}.${spec.rampupMinutes}.${spec.durationMinutes}`;
  const launch = (tmp: string, script: string) => [
    'sh',
    '-c',
    LAUNCH,
    'hammerdbcli',
    tmp,
    spec.installDir,
    spec.hammerdbcli,
    script,
  ];
  const first = resDir(spec.virtualUsers[0]!);
  const files: HammerdbPlan['files'] = [
    { hostPath: `${base}/build.tcl`, keep: 'hammerdb/build.tcl', content: buildScript(spec, dbms) },
  ];
  const collect: Collect[] = [
    {
      step: 'build',
      hostDir: `${base}/tmp.build`,
      prefix: `${first}/o.${sfx}.build.`,
      jobsDb: `${first}/o.${sfx}.build.hammer.DB`,
    },
  ];
  const steps: Step[] = [
    ...dbmsSteps(dbms),
    {
      id: 'build',
      kind: 'run',
      what: `schema build: ${spec.warehouses} warehouses, ${set.buildVirtualUsers} virtual users`,
      commands: [{ argv: launch(`${base}/tmp.build`, `${base}/build.tcl`), env, file: `${first}/o.${sfx}.build.out` }],
      monitors: { vm: `${first}/o.${sfx}.build.vm`, io: `${first}/o.${sfx}.build.io`, intervalSeconds: 1 },
      failOn: BUILD_FAILED,
      timeoutMs: 48 * 3600_000,
    },
  ];
  for (const vu of spec.virtualUsers) {
    const dir = resDir(vu);
    const script = `${base}/run.vu${vu}.tcl`;
    const tmp = `${base}/tmp.run.vu${vu}`;
    const id = `run:vu${vu}`;
    files.push({ hostPath: script, keep: `hammerdb/run.vu${vu}.tcl`, content: runScript(spec, dbms, vu) });
    collect.push({ step: id, hostDir: tmp, prefix: `${dir}/o.${sfx}.run.`, jobsDb: `${dir}/o.${sfx}.hammer.DB` });
    const minutes = spec.rampupMinutes + spec.durationMinutes;
    steps.push({
      id,
      kind: 'run',
      what: `${spec.rampupMinutes} min rampup + ${spec.durationMinutes} min, ${vu} virtual user${vu > 1 ? 's' : ''}`,
      test: { name: `vu${vu}.w${spec.warehouses}`, seconds: minutes * 60, summary: { pattern: RESULT, unit: 'NOPM' } },
      commands: [
        { argv: launch(tmp, script), env, file: `${dir}/o.${sfx}.run.out`, liveRate: COUNTER, liveRateUnit: 'tpm' },
      ],
      monitors: {
        vm: `${dir}/o.${sfx}.run.vm`,
        io: `${dir}/o.${sfx}.run.io`,
        intervalSeconds: 1,
        startOn: MEASURED_START,
        stopOn: MEASURED_END,
      },
      // The monitor VU waits for the others (and vacuums) after the measured phase: allow an hour for that.
      timeoutMs: (minutes * 60 + 3600) * 1000,
    });
  }
  steps.push(...teardownSteps(dbms));
  return { dbms, dir: dbms.label, steps, files, collect, keepJobsDatabase: spec.keepJobsDatabase };
}
