// Run ids are paths under content/runs/: `<benchmark>/<host>/<YYYYMMDD>-<label>`, and `~<n>` after it for the
// n-th repeat (n >= 2) of the same label on the same day. No slugging beyond making the label safe as one path
// segment (`~` never survives it, so the repeat suffix cannot be part of a label), so an id can be read back
// into its parts.
import type { Run } from '../schemas/index.ts';

/** Longest label segment: with `YYYYMMDD-` and a repeat suffix it stays under the 255 bytes of a file name. */
export const MAX_LABEL_CHARS = 200;

/**
 * Characters kept in the label segment; anything else becomes `_`. A label longer than a file name allows (a
 * result directory named with hundreds of characters) keeps its start and a hash of the whole, so it stays
 * one path segment and distinct.
 */
export function safeLabel(label: string): string {
  const safe = label.replace(/[^A-Za-z0-9._=+-]/g, '_');
  if (safe.length <= MAX_LABEL_CHARS) return safe;
  return `${safe.slice(0, MAX_LABEL_CHARS - 9)}+${fnv1a(label)}`;
}

/** FNV-1a, 32 bits, as 8 hex digits: short and the same everywhere (no crypto in the browser bundle needed). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
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
