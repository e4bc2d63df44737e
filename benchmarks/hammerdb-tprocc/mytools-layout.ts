// Mark Callaghan's HammerDB harness (mytools bench/hammerdb, docs/formats/hammerdb.md 3.1): one directory per measured point,
// `res.<dbms>.load<build VUs>.vu<VUs>.w<warehouses>.<rampup>.<duration>/`, holding per DBMS build
// `o.<dbms>.<build>.<config>.<what>` (run.out, run.vm, run.io, build.out, hammer.DB ...) and `out.all<dbms>`.
// One run per `<dbms>.<build>.<config>`, across every directory. Pure.
import { byDirectory, entryText, fileName, type RawEntry } from '../../collectors/lib/raw-tree.ts';
import type { HammerdbJob } from './job.ts';
import { mergeSameJobs } from './merge-jobs.ts';
import { parseCliOutput, parseTestResult } from './parse-cli-output.ts';
import { readSource } from './read-sources.ts';

export interface ResDir {
  dbms: string;
  buildVirtualUsers: number;
  virtualUsers: number;
  warehouses: number;
  rampupMinutes: number;
  durationMinutes: number;
}

const RES_DIR = /^res\.([a-z]+)\.load(\d+)\.vu(\d+)\.w(\d+)\.(\d+)\.(\d+)$/;
/** `o.<dbms>.<build>.<config>.run.out`; benchsite run's labels (`o.pg.pg15.run.out`, `o.pg.a.b.c.run.out`) may have any number of dots. */
const RUN_OUT = /^o\.([a-z]+)\.(.+)\.run\.out$/;

export function parseResDir(name: string): ResDir | undefined {
  const m = RES_DIR.exec(name);
  if (!m) return undefined;
  return {
    dbms: m[1]!,
    buildVirtualUsers: Number(m[2]),
    virtualUsers: Number(m[3]),
    warehouses: Number(m[4]),
    rampupMinutes: Number(m[5]),
    durationMinutes: Number(m[6]),
  };
}

/** One DBMS build + config of the harness, and its files per result directory. */
export interface MytoolsRun {
  /** `<build>.<config>`, e.g. `pg181_o2nofp.x10b_c8r32`. */
  label: string;
  /** `<dbms>.<build>.<config>`, the harness's `sfx`. */
  sfx: string;
  dirs: Array<{ dir: string; res?: ResDir; files: RawEntry[] }>;
}

/**
 * The harness's runs in a tree: directories holding an `o.*.run.out`. The `attempts/` of an interrupted
 * `benchsite run` hold partial outputs that belong to the run directory above them, not measured points.
 */
export function findMytoolsRuns(entries: RawEntry[]): MytoolsRun[] {
  const runs = new Map<string, MytoolsRun>();
  for (const [dir, files] of byDirectory(entries)) {
    if (/(^|\/)attempts(\/|$)/.test(dir)) continue;
    const outs = files.map((f) => RUN_OUT.exec(fileName(f.path))).filter((m): m is RegExpExecArray => !!m);
    for (const m of outs) {
      const sfx = `${m[1]}.${m[2]}`;
      const dcnf = m[2]!;
      const mine = files.filter((f) => {
        const n = fileName(f.path);
        return n.startsWith(`o.${sfx}.`) || n === `o.down.${dcnf}` || n === `out.all${m[1]}`;
      });
      let run = runs.get(sfx);
      if (!run) runs.set(sfx, (run = { label: dcnf, sfx, dirs: [] }));
      run.dirs.push({ dir, res: parseResDir(fileName(dir)), files: mine });
    }
  }
  return [...runs.values()];
}

/** The jobs of one result directory, with what its name says filled in where the text is silent. */
export function mytoolsDirJobs(
  sfx: string,
  d: MytoolsRun['dirs'][number],
): { jobs: HammerdbJob[]; runOut?: RawEntry; notes: string[] } {
  const file = (what: string) => d.files.find((f) => fileName(f.path) === `o.${sfx}.${what}`);
  const jobs: HammerdbJob[] = [];
  const notes: string[] = [];
  const runOut = file('run.out');
  for (const f of [file('build.out'), runOut]) {
    if (!f) continue;
    const cli = parseCliOutput(entryText(f), f.path);
    notes.push(...cli.notes.map((n) => `${f.path}: ${n}`));
    const parsed = cli.jobs;
    // build.out is a schema build even where the banner is missing.
    if (f !== runOut) for (const j of parsed) if (!j.result) j.kind = 'build';
    jobs.push(...parsed);
  }
  const texts = jobs.flatMap((j) => j.sources);
  const db = file('hammer.DB');
  if (db) {
    const s = readSource(db);
    if ('jobs' in s) jobs.push(...s.jobs);
  }
  // The jobs database adds counters and timings to the jobs of the outputs; jobs only it knows are not this
  // directory's measured point (the harness moves hammer.DB aside per build, but a copy may hold more).
  const merged = mergeSameJobs(jobs, notes).filter((j) => j.sources.some((s) => texts.includes(s)));
  const r = d.res;
  if (r) {
    for (const j of merged) {
      j.warehouses ??= r.warehouses;
      if (j.kind === 'run') {
        j.requestedVirtualUsers ??= r.virtualUsers;
        j.rampupMinutes ??= r.rampupMinutes;
        j.durationMinutes ??= r.durationMinutes;
      }
    }
  }
  return { jobs: merged, runOut, notes };
}

/**
 * `out.all<dbms>`: per build `Run <build> <config>` and its TEST RESULT lines. The NOPM it lists for this build,
 * to check the run.out against.
 */
export function outAllNopm(text: string, label: string): number[] {
  const out: number[] = [];
  let mine = false;
  for (const line of text.split('\n')) {
    const run = /^Run (\S+) (\S+)/.exec(line);
    if (run) mine = `${run[1]}.${run[2]}` === label;
    else if (mine) {
      const r = parseTestResult(line);
      if (r) out.push(r.nopm);
    }
  }
  return out;
}
