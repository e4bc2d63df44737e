// Run ids are paths under content/runs/: `<benchmark>/<host>/<YYYYMMDD>-<label>`, and `~<n>` after it for the
// n-th repeat (n >= 2) of the same label on the same day. No slugging beyond making the label safe as one path
// segment (`~` never survives it, so the repeat suffix cannot be part of a label), so an id can be read back
// into its parts.
import type { Run } from '../schemas/index.ts';

/** Characters kept in the label segment; anything else becomes `_`. */
export function safeLabel(label: string): string {
  return label.replace(/[^A-Za-z0-9._=+-]/g, '_');
}

export function runId(run: Pick<Run, 'benchmark' | 'host' | 'date' | 'label' | 'repeat'>): string {
  const first = `${run.benchmark}/${run.host.name}/${run.date.replaceAll('-', '')}-${safeLabel(run.label)}`;
  return run.repeat ? `${first}~${run.repeat}` : first;
}

/** The id of the first run of a repeat (the id itself for a first run). */
export function firstRunId(id: string): string {
  return id.replace(/~\d+$/, '');
}

/** Parts of an id, or undefined when it is not shaped like one. */
export function parseRunId(
  id: string,
): { benchmark: string; host: string; date: string; label: string; repeat?: number } | undefined {
  const m = /^([^/]+)\/([^/]+)\/(\d{4})(\d{2})(\d{2})-([^/~]+)(?:~(\d+))?$/.exec(id);
  if (!m) return undefined;
  return {
    benchmark: m[1]!,
    host: m[2]!,
    date: `${m[3]}-${m[4]}-${m[5]}`,
    label: m[6]!,
    ...(m[7] ? { repeat: Number(m[7]) } : {}),
  };
}
