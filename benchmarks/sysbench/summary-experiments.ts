// The tables of one campaign folder, grouped into experiments. A folder may hold the tables of several
// experiments that share build labels (cached and IO-bound in may25.pg18beta1, eight thread counts and
// prepare settings in dec24.orioledb): two tables whose shared labels disagree on any shared cell are of
// different experiments, whose runs are different runs, never one merged from both. Tables that agree (the same
// directories summarised again, with other columns) are one experiment. Pure.
import type { ResultRow } from '../../src/schemas/index.ts';
import type { RawEntry } from '../../collectors/lib/raw-tree.ts';

/** A value and where it was read: file and line. */
export type SourcedRow = ResultRow & { source: string; tolerance?: number };

export interface TestAcc {
  name: string;
  range?: number;
  primaryKey?: boolean;
  threads?: number;
  rows: Map<string, SourcedRow>;
  files: Set<string>;
}

/** What the tables of one tag (or experiment) say of one column label. */
export interface RunAcc {
  label: string;
  tests: Map<string, TestAcc>;
  files: Set<RawEntry>;
  threads: Set<number>;
  notes: string[];
}

export interface Experiment {
  /** The tags of its tables, in the order found. */
  tags: string[];
  runs: Map<string, RunAcc>;
}

/** Whether two values of one cell are the same measurement (to the precision they were printed with). */
export function sameValue(a: SourcedRow, b: SourcedRow): boolean {
  return Math.abs(a.value - b.value) <= (a.tolerance ?? 0) + (b.tolerance ?? 0);
}

/** The first cell two tag's runs disagree on, said, or undefined when every shared cell agrees. */
function conflict(a: Map<string, RunAcc>, b: Map<string, RunAcc>): string | undefined {
  for (const [label, x] of a) {
    const y = b.get(label);
    if (!y) continue;
    for (const [name, t] of x.tests) {
      const u = y.tests.get(name);
      if (!u) continue;
      for (const [metric, r] of t.rows) {
        const s = u.rows.get(metric);
        if (s && !sameValue(r, s))
          return `${name} ${metric} of ${label}: ${r.value} (${r.source}), ${s.value} (${s.source})`;
      }
    }
  }
  return undefined;
}

/** `b`'s runs added to `a`'s: tests, cells, files, threads and notes of both. */
function merge(a: Map<string, RunAcc>, b: Map<string, RunAcc>): void {
  for (const [label, y] of b) {
    const x = a.get(label);
    if (!x) {
      a.set(label, y);
      continue;
    }
    for (const [name, u] of y.tests) {
      const t = x.tests.get(name);
      if (!t) {
        x.tests.set(name, u);
        continue;
      }
      for (const [metric, r] of u.rows) if (!t.rows.has(metric)) t.rows.set(metric, r);
      for (const f of u.files) t.files.add(f);
      t.threads ??= u.threads;
    }
    for (const f of y.files) x.files.add(f);
    for (const n of y.threads) x.threads.add(n);
    x.notes.push(...y.notes);
  }
}

/**
 * Tags in order, each joining the first experiment none of whose tables it disagrees with; a tag that
 * disagrees with every one starts an experiment of its own. `said` hears each disagreement that split them.
 */
export function experiments(
  tags: Array<[string, Map<string, RunAcc>]>,
  said: (tag: string, other: string, why: string) => void,
): Experiment[] {
  const out: Array<Experiment & { parts: Array<Map<string, RunAcc>> }> = [];
  for (const [tag, runs] of tags) {
    let home: (typeof out)[number] | undefined;
    for (const e of out) {
      const why = e.parts.map((p) => conflict(p, runs)).find((x) => x !== undefined);
      if (why === undefined) {
        home = e;
        break;
      }
      said(tag, e.tags[0]!, why);
    }
    if (!home) out.push((home = { tags: [], runs: new Map(), parts: [] }));
    home.tags.push(tag);
    home.parts.push(runs);
  }
  return out.map((e) => {
    const runs = new Map<string, RunAcc>();
    for (const p of e.parts) merge(runs, p);
    return { tags: e.tags, runs };
  });
}

/**
 * The name of each experiment in run labels (`<label>+<name>`): the dot-separated start its tags share
 * (`cached` of cached.all.dop1 and cached.pg18.dop1), else its first tag; first tags when two would be alike.
 */
export function experimentNames(list: Experiment[]): string[] {
  const common = (tags: string[]) => {
    const parts = tags.map((t) => t.split('.'));
    const out: string[] = [];
    for (let k = 0; parts.every((p) => p[k] !== undefined && p[k] === parts[0]![k]); k++) out.push(parts[0]![k]!);
    return out.join('.') || tags[0]!;
  };
  const names = list.map((e) => common(e.tags));
  return new Set(names).size === names.length ? names : list.map((e) => e.tags[0]!);
}
