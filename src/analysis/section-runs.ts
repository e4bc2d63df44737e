// The runs of a report section as a benchmark's own report model (benchmarks/<name>/report/model.ts) takes them
// (src/site/report-memo.ts sectionInput gives them), and each checked against the base as every such model
// does: a run behind an open gate of comparability.ts is left out, and the page then stops the build.
import type { Run, Thresholds } from '../schemas/index.ts';
import { THRESHOLDS } from '../engine/index.ts';
import { comparability, splitGates, type Gate } from './comparability.ts';

export interface SectionInput {
  /** Gates of comparability.ts the report compares across on purpose (its frontmatter's `acknowledge`). */
  acknowledge?: readonly string[];
  runs: Array<{ id: string; run: Run }>;
  base: string;
  order: string[];
  labels?: Record<string, string>;
  thresholds?: Partial<Thresholds>;
}

export interface SectionCheck {
  /** Runs left out because a gate of comparability.ts is open (the report page then stops the build). */
  blocked: Array<{ id: string; label: string; reasons: string[]; gates: Gate[] }>;
  /** Runs kept across a gate the report acknowledges (`acknowledge`), shown in a notice. */
  acknowledged: Array<{ id: string; label: string; reasons: string[] }>;
  /** Softer differences by run id. */
  notes: Array<{ id: string; label: string; notes: string[] }>;
}

/** The report's thresholds, each the engine's where the report gives none. */
export function sectionThresholds(t: Partial<Thresholds> | undefined): { regression: number; improvement: number } {
  return {
    regression: t?.regression ?? THRESHOLDS.regression,
    improvement: t?.improvement ?? THRESHOLDS.improvement,
  };
}

/**
 * Each run of the section against the base: `kept`, the ids compared (the base first, then `order`), and the
 * rest of SectionCheck. `moreNotes` adds a benchmark's own softer differences to comparability.ts's.
 */
export function checkSectionRuns(
  input: SectionInput,
  label: (id: string) => string,
  moreNotes: (run: Run, base: Run) => string[] = () => [],
): SectionCheck & { kept: string[] } {
  const runOf = new Map(input.runs.map((r) => [r.id, r.run]));
  const base = runOf.get(input.base);
  if (!base) throw new Error(`the base run ${input.base} is not among the runs`);
  const check: SectionCheck = { blocked: [], acknowledged: [], notes: [] };
  const kept = [input.base, ...input.order.filter((id) => id !== input.base)].filter((id) => {
    if (id === input.base) return true;
    const run = runOf.get(id)!;
    const c = comparability(run, base);
    const notes = [...c.notes, ...moreNotes(run, base)];
    if (notes.length) check.notes.push({ id, label: label(id), notes });
    const { open, acknowledged } = splitGates(c, input.acknowledge);
    if (acknowledged.length)
      check.acknowledged.push({ id, label: label(id), reasons: acknowledged.map((g) => g.text) });
    if (open.length) check.blocked.push({ id, label: label(id), reasons: open.map((g) => g.text), gates: open });
    return open.length === 0;
  });
  return { kept, ...check };
}
