// Names that would resolve, closest first, for the messages about a name that does not.

/** Names longer than this are compared by length only: a report or run may hold a huge one, and the edit
 * distance costs the product of the lengths. */
const MAX_COMPARED = 200;

function distance(a: string, b: string): number {
  if (a.length > MAX_COMPARED || b.length > MAX_COMPARED) return Math.max(a.length, b.length);
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** Candidates sorted by closeness to `name` (closest first), each once. */
export function closest(name: string, candidates: string[]): string[] {
  return [...new Set(candidates)]
    .map((c, i) => ({ c, i, d: c.includes(name) || name.includes(c) ? 0.5 : distance(name, c) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.c);
}

/**
 * The candidate a misspelt `name` most likely meant: one it begins (`--comparable` for `--comparable-with`), else
 * the nearest in edits when that is within a third of the name's length (at least one): `--meat` gives `--meta`,
 * `--xyz` nothing.
 */
export function likeliest(name: string, candidates: string[]): string | undefined {
  const started = candidates.find((c) => c.startsWith(name) && name.replace(/^-+/, '').length >= 2);
  if (started) return started;
  const near = candidates.map((c, i) => ({ c, i, d: distance(name, c) })).sort((a, b) => a.d - b.d || a.i - b.i)[0];
  return near && near.d <= Math.max(1, Math.floor(name.length / 3)) ? near.c : undefined;
}

/** `unknown option --meat: did you mean --meta?`, or without the question when no option is likely meant. */
export function unknownOption(name: string, known: string[]): string {
  const meant = likeliest(name, known);
  return `unknown option ${name}${meant ? `: did you mean ${meant}?` : ''}`;
}

/** `z12c, z12b_sync, ...` for messages: the closest few and how many more. */
export function suggestionList(names: string[], max = 8): string {
  if (!names.length) return '(none)';
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}
