// HammerDB TPROC-C raw files -> runs (docs/formats/hammerdb.md 3, hammerdb-v6.md). Pure apart from reading the jobs
// database through node:sqlite (read-jobs-db.ts).
//
// Two layouts:
// - mytools: `res.<dbms>.load<n>.vu<v>.w<w>.<rampup>.<duration>/o.<dbms>.<build>.<config>.run.out` and friends
//   (run.vm, run.io, build.out, hammer.DB, out.all<dbms>). One run per `<build>.<config>`, a test per directory.
// - HammerDB's own files, anywhere in the input: hammerdbcli output, its logs (hammerdb*.log, hdbtcount*.log,
//   hdbxtprofile*.log), the jobs database hammer.DB, jobs JSON dumps and v6 result artifacts. The same job seen
//   in several of them is one test; one run per DBMS and server version.
import type { Meta, ResultRow, Run, Series } from '../../src/schemas/index.ts';
import { assembleRun, runDate, runHostName } from '../../collectors/lib/assemble-run.ts';
import type { HarvestedRun, HarvestResult } from '../../collectors/lib/harvested.ts';
import { decodeLabel, serverClassOf } from '../../collectors/lib/labels.ts';
import { RAW_META, withRawMeta } from '../../collectors/lib/meta.ts';
import { entryName, entryText, fileName, type RawEntry, type RawTree } from '../../collectors/lib/raw-tree.ts';
import { combineSources } from './combine-sources.ts';
import { groupRuns, productOf } from './group-runs.ts';
import type { HammerdbJob } from './job.ts';
import { jobTests, type JobDefaults, type JobTest } from './job-tests.ts';
import { findMytoolsRuns, mytoolsDirJobs, outAllNopm, type MytoolsRun } from './mytools-layout.ts';
import { readSource, type Source } from './read-sources.ts';
import { pointSystem, type PointSystem } from './system.ts';
import { workloadOfTests } from './workload.ts';
import type { HarvestOptions } from '../../collectors/lib/benchmark-folder.ts';

/** Harvest every HammerDB TPROC-C run found in a raw tree. */
export function harvestHammerdb(tree: RawTree, given: HarvestOptions = {}): HarvestResult {
  const result: HarvestResult = { runs: [], skipped: [] };
  const used = new Set<string>();
  // A `benchsite run` directory: its benchsite-meta.json holds the spec's facts, and every file in it (scripts,
  // journal, inventory, server settings, attempts/ of interrupted steps) is evidence of its one run.
  const rawMeta = tree.entries.find((e) => e.path === RAW_META);
  const opts = {
    ...given,
    meta: withRawMeta(rawMeta ? entryText(rawMeta) : undefined, given.meta, rawMeta && entryName(rawMeta)),
  };
  const mytools = findMytoolsRuns(tree.entries);
  for (const m of mytools) {
    const rest =
      rawMeta && mytools.length === 1 ? tree.entries.filter((e) => !m.dirs.some((d) => d.files.includes(e))) : [];
    result.runs.push(harvestMytoolsRun(m, tree.name, opts, rest));
    for (const d of m.dirs) for (const f of d.files) used.add(f.path);
    for (const e of rest) used.add(e.path);
  }
  const sources: Source[] = [];
  for (const e of tree.entries) {
    if (used.has(e.path)) continue;
    const s = readSource(e);
    if ('skip' in s) result.skipped.push({ path: e.path, reason: s.skip });
    else sources.push(s);
  }
  const notes: string[] = [];
  const jobs = combineSources(sources, notes);
  const inRuns = new Set<string>();
  const notHammerdb = new Set(result.skipped.map((s) => s.path));
  for (const g of groupRuns(jobs)) {
    const ids = new Set(g.jobs.map((j) => j.jobid).filter(Boolean));
    const paths = new Set(g.jobs.flatMap((j) => j.sources));
    // Files that name one of the run's jobs (job id files, job lists, result dumps) are evidence too, and so
    // are files beside its outputs that are not HammerDB output (a driver's timeline, notes).
    for (const s of sources) if (s.jobIds.some((id) => ids.has(id))) paths.add(s.entry.path);
    const dirs = new Set([...paths].map(dirOf));
    for (const p of notHammerdb) if (dirs.has(dirOf(p))) paths.add(p);
    const raw = tree.entries.filter((e) => paths.has(e.path));
    raw.forEach((e) => inRuns.add(e.path));
    const runNotes = [...g.notes, ...notes.filter((n) => [...paths].some((p) => n.startsWith(`${p}:`)))];
    const tests = jobTests(g.jobs, defaultsOf(opts.meta));
    result.runs.push(
      assemble({
        label: g.label,
        input: tree.name,
        format: 'hammerdb',
        product: g.product,
        version: g.version,
        serverVersion: g.serverVersion,
        workload: g.workload,
        tests,
        notes: runNotes,
        raw,
        opts,
      }),
    );
  }
  result.skipped = result.skipped.filter((s) => !inRuns.has(s.path));
  for (const s of sources) {
    if (inRuns.has(s.entry.path)) continue;
    const why = notes.find((n) => n.startsWith(`${s.entry.path}:`));
    result.skipped.push({
      path: s.entry.path,
      reason: why ? why.slice(s.entry.path.length + 2) : `${s.kind} that belongs to no harvested run`,
    });
  }
  return result;
}

const dirOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

function defaultsOf(meta: Meta | undefined): JobDefaults {
  const h = meta?.hammerdb;
  return {
    rampupMinutes: h?.rampupMinutes,
    durationMinutes: h?.durationMinutes,
    storedProcedures: h?.storedProcedures,
    partitioned: h?.partitioned,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// mytools layout

function harvestMytoolsRun(m: MytoolsRun, input: string, opts: HarvestOptions, evidence: RawEntry[]): HarvestedRun {
  const notes: string[] = [];
  const jobs: HammerdbJob[] = [];
  const systems = new Map<HammerdbJob, { system: PointSystem; files: string[] }>();
  const raw: RawEntry[] = [...evidence];
  for (const d of m.dirs) {
    raw.push(...d.files);
    const { jobs: dirJobs, runOut, notes: dirNotes } = mytoolsDirJobs(m.sfx, d);
    jobs.push(...dirJobs);
    notes.push(...dirNotes);
    const runs = dirJobs.filter((j) => j.kind === 'run' && runOut && j.sources.includes(runOut.path));
    const file = (what: string) => d.files.find((f) => fileName(f.path) === `o.${m.sfx}.${what}`);
    const vm = file('run.vm');
    const io = file('run.io');
    if ((vm || io) && runs.length === 1) {
      const job = runs[0]!;
      const sys = pointSystem(`${d.dir}`, {
        vmText: vm && entryText(vm),
        ioText: io && entryText(io),
        nopm: job.result?.nopm,
        meta: opts.meta,
        notes,
      });
      if (sys) systems.set(job, { system: sys, files: [vm, io].filter((f): f is RawEntry => !!f).map((f) => f.path) });
    } else if ((vm || io) && runs.length > 1) {
      notes.push(`${d.dir}: one vmstat/iostat capture for ${runs.length} timed runs; it is not split between them`);
    }
    const outAll = d.files.find((f) => /^out\.all/.test(fileName(f.path)));
    if (outAll) {
      const listed = outAllNopm(entryText(outAll), m.label);
      for (const j of runs) {
        if (j.result && listed.length && !listed.includes(j.result.nopm))
          notes.push(
            `${d.dir}: ${fileName(outAll.path)} lists NOPM ${listed.join(', ')} for ${m.label}, the run output says ${j.result.nopm}`,
          );
      }
    }
  }
  const tests = jobTests(jobs, defaultsOf(opts.meta));
  for (const t of tests) {
    const s = systems.get(t.job);
    if (!s) continue;
    // systemResultRows named the rows after the directory; they belong to the test.
    t.test.system = s.system.metrics;
    t.results.push(...s.system.rows.map((r) => ({ ...r, test: t.test.name })));
    t.series.push(...s.system.series);
    t.test.series = t.series.map((x) => x.name);
    t.test.rawFiles = [...(t.test.rawFiles ?? []), ...s.files];
  }
  const decoded = decodeLabel(m.label);
  const header = [...systems.values()].map((s) => s.system.iostatHeader).find((h) => h?.date || h?.hostname);
  const first = jobs.find((j) => j.dbVersion);
  const served = first ? productOf(first) : undefined;
  if (served?.note) notes.push(served.note);
  return assemble({
    label: m.label,
    input,
    format: 'mytools-hammerdb',
    product: decoded.product ?? served?.product,
    version: decoded.version,
    serverVersion: first?.dbVersion,
    workload: jobs.find((j) => j.database)?.database,
    buildName: decoded.buildName,
    build: decoded.build,
    short: decoded.short,
    config: decoded.config,
    tests,
    notes,
    raw,
    opts,
    iostat: header,
    buildVirtualUsers: m.dirs.find((d) => d.res)?.res?.buildVirtualUsers,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// both layouts

interface Assemble {
  label: string;
  input: string;
  format: string;
  product?: Run['dbms']['product'];
  version?: string;
  serverVersion?: string;
  workload?: string;
  buildName?: string;
  build?: string;
  short?: string;
  config?: string;
  tests: JobTest[];
  notes: string[];
  raw: RawEntry[];
  opts: HarvestOptions;
  iostat?: { date?: string; hostname?: string; kernel?: string; cpus?: number };
  buildVirtualUsers?: number;
}

function assemble(a: Assemble): HarvestedRun {
  const notes = [...a.notes];
  const jobs = a.tests.map((t) => t.job);
  const workload = workloadOfTests(
    a.tests.map((t) => t.test),
    { workload: a.workload, buildVirtualUsers: a.buildVirtualUsers },
  );
  workload.buildVirtualUsers ??= a.opts.meta?.hammerdb?.buildVirtualUsers;

  const date = runDate(
    {
      meta: a.opts.meta,
      raw: [
        jobs
          .map((j) => j.startedAt)
          .filter((s): s is string => !!s && /^\d{4}-\d{2}-\d{2}/.test(s))
          .sort()[0]
          ?.slice(0, 10),
        a.iostat?.date,
      ],
      mtimes: a.raw.map((e) => e.mtimeMs),
      input: a.input,
      missing: `no run date in the HammerDB files of ${a.label}`,
    },
    notes,
  );
  // HammerDB's job system facts name the host too, but `localhost` names none.
  const reported = jobs.map((j) => j.system?.hostname).filter((h) => h !== 'localhost');
  const hostName = runHostName([a.iostat?.hostname, ...reported], a.opts.meta, 'the raw files', notes);
  const sys = jobs.find((j) => j.system)?.system;
  const tools = [...new Set(jobs.map((j) => j.hammerdbVersion).filter((v): v is string => !!v))].map((v) => ({
    name: 'HammerDB',
    version: v,
  }));

  const results: ResultRow[] = a.tests.flatMap((t) => t.results);
  const series: Record<string, Series[]> = {};
  for (const t of a.tests) if (t.series.length) series[t.test.name] = t.series as Series[];
  const failed = a.tests.filter((t) => t.test.status === 'failed');
  if (failed.length)
    notes.push(
      `${failed.length} of ${a.tests.length} test(s) failed and are kept with their error: ${failed.map((t) => t.test.name).join(', ')}`,
    );

  return assembleRun({
    benchmark: 'hammerdb-tprocc',
    label: a.label,
    date,
    host: {
      name: hostName,
      kernel: a.iostat?.kernel,
      cpus: a.iostat?.cpus ?? sys?.cpus,
      cpuModel: sys?.cpuModel,
      serverClass: a.config ? serverClassOf(a.config) : undefined,
      sources: a.iostat ? ['iostat header'] : sys ? ['HammerDB job system facts'] : undefined,
    },
    dbms: {
      product: a.product,
      version: a.version,
      build: a.build,
      buildName: a.buildName,
      label: a.short ?? a.label,
      serverVersion: a.serverVersion,
    },
    config: { name: a.config ?? 'unspecified' },
    workload,
    tests: a.tests.map((t) => t.test),
    results,
    provenance: { source: 'raw', format: a.format, tools, commands: [], input: a.input },
    raw: a.raw,
    notes,
    series,
    meta: a.opts.meta,
    metaName: a.opts.metaName,
  });
}
