// Jobs -> runs: a run is one DBMS build on one host, so jobs group by DBMS and server version. Pure.
//
// A build (or a run that failed before the monitor VU printed `DBVersion:`) has no version: it joins the one
// versioned run of the same workload whose files share a directory with it, else it is a run of its own.
import type { ProductName } from '../../src/schemas/index.ts';
import { encodeBuildName } from '../../collectors/lib/labels.ts';
import type { HammerdbJob } from './job.ts';
import { databaseFamily } from './merge-jobs.ts';

export interface RunGroup {
  label: string;
  product?: ProductName;
  /** Dotted version, e.g. `15.20`. */
  version?: string;
  /** The server's own version string, e.g. `15.20 (Debian 15.20-0+deb12u1)`. */
  serverVersion?: string;
  /** HammerDB's workload name, e.g. `PostgreSQL`, `MySQL`. */
  workload?: string;
  jobs: HammerdbJob[];
  /** Directories of the jobs' files. */
  dirs: string[];
  notes: string[];
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const dirBase = (dir: string) => dir.slice(dir.lastIndexOf('/') + 1);
/** A run's directory name, or at the top of the input the name of its first file without its extension. */
function placeOf(g: { dirs: string[]; jobs: HammerdbJob[] }): string {
  const dir = dirBase(g.dirs[0] ?? '');
  if (dir) return dir;
  const file = g.jobs[0]?.sources[0] ?? 'input';
  return file.slice(file.lastIndexOf('/') + 1).replace(/\.(txt|log|out|json)$/, '');
}

/** Product and version from HammerDB's workload name and the server's version string. */
export function productOf(job: HammerdbJob): { product?: ProductName; version?: string; note?: string } {
  const family = databaseFamily(job.database ?? job.result?.dbLabel);
  const printed = /^(\d+(?:\.\d+)+)/.exec(job.dbVersion ?? '')?.[1];
  // A server's version has a few parts (SQL Server's 16.0.1115.1 has four); a longer one is damaged text.
  const version = printed && printed.length <= 40 ? printed : undefined;
  switch (family) {
    case 'postgresql':
      return { product: 'postgres', version };
    case 'mariadb':
      return { product: 'mariadb', version };
    case 'mysql': {
      // MySQL has no major version 10 or later; MariaDB has no 9 or earlier (and often says so).
      const maria = /mariadb/i.test(job.dbVersion ?? '') || Number(version?.split('.')[0]) >= 10;
      return maria
        ? {
            product: 'mariadb',
            version,
            note: `the server of HammerDB's MySQL workload reports version ${job.dbVersion}: it is MariaDB`,
          }
        : { product: 'mysql', version };
    }
    default:
      return { version };
  }
}

/** Jobs by start time; a job without one stays after the job it followed. */
function inTimeOrder(jobs: HammerdbJob[]): HammerdbJob[] {
  let last = '';
  const keyed = jobs.map((job, i) => ({ job, i, key: (last = job.startedAt ?? last) }));
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i)).map((k) => k.job);
}

/** Runs of the jobs, in order of first appearance; labels are unique. */
export function groupRuns(jobs: HammerdbJob[]): RunGroup[] {
  const groups: Array<RunGroup & { family?: string }> = [];
  const versionless: HammerdbJob[] = [];
  for (const job of jobs) {
    const { product, version, note } = productOf(job);
    if (!version) {
      versionless.push(job);
      continue;
    }
    const family = databaseFamily(job.database ?? job.result?.dbLabel);
    let g = groups.find((x) => x.family === family && x.version === version && x.product === product);
    if (!g) {
      groups.push(
        (g = {
          label: '',
          product,
          version,
          serverVersion: job.dbVersion,
          workload: job.database,
          family,
          jobs: [],
          dirs: [],
          notes: [],
        }),
      );
      if (note) g.notes.push(note);
    }
    g.jobs.push(job);
  }
  // Jobs whose workload is known first, so that a job of unknown workload (a build printed without its
  // database) can join the one run of its directory.
  const known = (j: HammerdbJob) => databaseFamily(j.database ?? j.result?.dbLabel) !== undefined;
  for (const job of [...versionless.filter(known), ...versionless.filter((j) => !known(j))]) {
    const family = databaseFamily(job.database ?? job.result?.dbLabel);
    const dirs = job.sources.map(dirOf);
    const here = (x: RunGroup) => x.jobs.some((j) => j.sources.some((s) => dirs.includes(dirOf(s))));
    const mine = groups.filter(here);
    if (family === undefined && mine.length === 1) {
      mine[0]!.jobs.push(job);
      continue;
    }
    const fits = groups.filter(
      (g) => g.family === family && g.version && g.jobs.some((j) => j.sources.some((s) => dirs.includes(dirOf(s)))),
    );
    // Version-less jobs of one workload in one directory are one session (one hammerdbcli transcript, one log).
    let g =
      fits.length === 1
        ? fits[0]
        : groups.find(
            (x) =>
              !x.version && x.family === family && x.jobs.some((j) => j.sources.some((s) => dirs.includes(dirOf(s)))),
          );
    if (!g) {
      groups.push(
        (g = {
          label: '',
          product: productOf(job).product,
          workload: job.database,
          family,
          jobs: [],
          dirs: [],
          notes: [],
        }),
      );
      g.notes.push(`no job of this run printed the server version (DBVersion:), so the run has none`);
    }
    g.jobs.push(job);
  }
  for (const g of groups) {
    g.dirs = [...new Set(g.jobs.flatMap((j) => j.sources.map(dirOf)))];
    g.jobs = inTimeOrder(g.jobs);
  }
  const taken = new Set<string>();
  for (const g of groups) {
    const code = g.product && g.version ? encodeBuildName(g.product, g.version) : undefined;
    let label = code ?? [g.family ?? 'unknown', g.version].filter(Boolean).join('');
    // Without a version the label says where the run came from (its directory, or its file at the top), not a
    // name made up for it.
    if (!g.version || taken.has(label)) label = `${label}.${placeOf(g)}`;
    while (taken.has(label)) label += '_';
    taken.add(label);
    g.label = label;
  }
  return groups.map(({ family: _f, ...g }) => g);
}
