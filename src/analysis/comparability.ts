// Can two runs be compared? One definition for reports, the compare view, `benchsite diff`, history and export:
// hard gates (a difference that makes a relative value meaningless: another benchmark, workload size,
// concurrency, test duration class, Lua scripts) block a comparison unless a report acknowledges the gate by
// name; notes (host, kernel, tool version, build) are listed beside the numbers for the reader to judge.
import type { Run } from '../schemas/index.ts';
import { vocabularyOf } from '../../benchmarks/index.ts';
import { gatesBetween, type Gate, type GateName } from './comparability-gates.ts';

export { type Gate, type GateName } from './comparability-gates.ts';

export interface Comparability {
  /** Reasons the run must not be compared with the base (the gates' texts). */
  blocking: string[];
  /** The gates that differ, by name (what a report's `acknowledge` lists). */
  gates: Gate[];
  /** Differences worth reading next to the numbers (host, kernel, tool version, build). */
  notes: string[];
}

export { durationClass } from '../../benchmarks/shapes.ts';

/**
 * The values of a run that the gates compare, by gate name (absent when the run does not say: an unknown value
 * never blocks). Small enough to keep in every run's summary, so the compare view and history use it too.
 */
export function comparabilityKey(run: Pick<Run, 'benchmark' | 'workload'>): Record<GateName, string> {
  const w = run.workload;
  const key: Record<GateName, string> = { benchmark: run.benchmark };
  const set = (name: GateName, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') key[name] = String(v);
  };
  for (const [name, v] of Object.entries(vocabularyOf(w).gateValues(w))) set(name, v);
  return key;
}

const tools = (r: Run) => r.provenance.tools.map((t) => `${t.name} ${t.version}`).join(', ');

export function comparability(run: Run, base: Run): Comparability {
  const gates = gatesBetween(comparabilityKey(run), comparabilityKey(base));
  const notes: string[] = [];
  if (run.host.name !== base.host.name) notes.push(`host ${run.host.name} (base: ${base.host.name})`);
  if (run.host.kernel && base.host.kernel && run.host.kernel !== base.host.kernel)
    notes.push(`kernel ${run.host.kernel} (base: ${base.host.kernel})`);
  if (tools(run) && tools(base) && tools(run) !== tools(base)) notes.push(`${tools(run)} (base: ${tools(base)})`);
  if (run.dbms.build !== base.dbms.build && (run.dbms.build || base.dbms.build))
    notes.push(`build ${run.dbms.build ?? 'none'} (base: ${base.dbms.build ?? 'none'})`);
  return { blocking: gates.map((g) => g.text), gates, notes };
}

/**
 * The size of a run's workload in words (`1 table × 20,000 rows, 1 thread`; `1,000,000 rows, 1 client`): runs of
 * different sizes are separate series in history. '' when the benchmark has no run-level size (HammerDB's
 * warehouses are in each test's name) or the run does not say.
 */
export function workloadSize(w: Run['workload'], label?: string): string {
  return vocabularyOf(w).size(w, label).join(', ');
}

/**
 * The gates of a comparison split into those a report acknowledges by name and those still open. `benchmark`
 * stays open whatever the report says: the runs of two benchmarks have no test in common to divide.
 */
export function splitGates(
  c: Comparability,
  acknowledge: readonly string[] = [],
): { open: Gate[]; acknowledged: Gate[] } {
  const ok = (g: Gate) => g.name !== 'benchmark' && acknowledge.includes(g.name);
  return { open: c.gates.filter((g) => !ok(g)), acknowledged: c.gates.filter(ok) };
}

/**
 * What is wrong with each run of a report that is not of the report's `benchmark`, the base included: the page is
 * laid out by its benchmark's tests, so another benchmark's run showed its own tests under those headings and
 * its base cells as failed. Empty when every run is of it.
 */
export function otherBenchmarkRuns(
  benchmark: string,
  runs: ReadonlyArray<{ id: string; run: Pick<Run, 'benchmark'> }>,
): Array<{ id: string; what: string; todo: string }> {
  return runs
    .filter((r) => r.run.benchmark !== benchmark)
    .map((r) => ({
      id: r.id,
      what: `run ${r.id} is of benchmark ${r.run.benchmark}, and the report's is ${benchmark}`,
      todo: `Name ${benchmark} runs only (a report compares the runs of one benchmark), or set benchmark: to the runs' own`,
    }));
}

/**
 * The error that stops the build of a report mixing incomparable runs: the report, each run against its base
 * and the difference, and the frontmatter line that acknowledges it.
 */
export function incomparableReportError(
  file: string,
  base: string,
  blocked: Array<{ id: string; gates: Gate[] }>,
): Error {
  const names = [...new Set(blocked.flatMap((b) => b.gates.map((g) => g.name)))].filter((n) => n !== 'benchmark');
  const lines = blocked.map(
    (b) => `${file}: run ${b.id} against the base ${base}: ${b.gates.map((g) => g.text).join('; ')}`,
  );
  const e = new Error(
    `${file} compares runs that are not comparable:\n${lines.join('\n')}\nCompare comparable runs only${names.length ? `, or, if the difference is the point of the report, acknowledge it in the frontmatter: acknowledge: [${names.join(', ')}] (the page then says so in a notice)` : ' (runs of two benchmarks never are)'}.`,
  );
  e.stack = '';
  return e;
}
