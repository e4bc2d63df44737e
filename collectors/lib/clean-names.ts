// Names read from raw files (test names, labels, devices, series and column names) are cleaned, not refused: a
// character that a name may not hold (src/schemas/common.ts: control characters, line or paragraph separators,
// bidirectional controls) becomes U+FFFD, and the run says so in a note. Refusing would drop a whole run for a
// stray byte in one file name; cleaning keeps its numbers, and the note keeps what was changed. What is cleaned
// is exactly what the run schema refuses (its Name issues), so validate and harvest share one definition.
import { NAME_ISSUE, badNameChar, codePoint } from '../../src/schemas/common.ts';
import { RunSchema } from '../../src/schemas/index.ts';
import type { Series } from '../../src/schemas/index.ts';
import type { HarvestedRun } from './harvested.ts';

const REPLACEMENT = '\uFFFD';

/** `name` with every character a name may not hold replaced by U+FFFD. */
export function cleanName(name: string): string {
  let out = name;
  for (let bad = badNameChar(out); bad; bad = badNameChar(out))
    out = out.slice(0, bad.at) + REPLACEMENT + out.slice(bad.at + bad.char.length);
  return out;
}

/** Whether any string in `value` (keys too) holds a character a name may not hold: the cheap test first. */
function anyBad(value: unknown): boolean {
  if (typeof value === 'string') return badNameChar(value) !== undefined;
  if (Array.isArray(value)) return value.some(anyBad);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => badNameChar(k) !== undefined || anyBad(v));
  return false;
}

/** A name as a note shows it: printable, each bad character as its code point. */
const shown = (name: string) => JSON.stringify(cleanName(name)).replace(/\uFFFD/g, () => '?');

/**
 * Clean the names of a harvested run in place (run.json's names the schema refuses, and the series' test names),
 * adding one note per name changed. Returns the notes.
 */
export function cleanNames(h: HarvestedRun): string[] {
  // Series and column names come from raw headers (vmstat, iostat, iibench): they are checked as the run is.
  const seriesNames = (s: Series) => [s.name, s.device ?? '', ...s.columns.map((c) => c.name)];
  const seriesBad = Object.entries(h.series.tests).some(
    ([k, list]) => badNameChar(k) || list.some((s) => seriesNames(s).some((n) => badNameChar(n))),
  );
  if (!seriesBad && !anyBad(h.run)) return [];
  const changed = new Map<string, string>();
  const parsed = RunSchema.safeParse(h.run);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    if (issue.code !== 'custom' || (issue.params as { kind?: string } | undefined)?.kind !== NAME_ISSUE) continue;
    const key = issue.path.at(-1)!;
    let parent: unknown = h.run;
    for (const p of issue.path.slice(0, -1)) parent = (parent as Record<PropertyKey, unknown>)[p];
    const holder = parent as Record<PropertyKey, unknown>;
    const old = holder[key];
    if (typeof old !== 'string') continue;
    holder[key] = cleanName(old);
    changed.set(old, cleanName(old));
  }
  // The series file is keyed by test name: the same cleaning keeps it keyed by the cleaned names.
  const tests: typeof h.series.tests = {};
  for (const [name, list] of Object.entries(h.series.tests)) {
    if (badNameChar(name)) changed.set(name, cleanName(name));
    for (const named of list.flatMap((s) => [s, ...s.columns]))
      if (badNameChar(named.name)) {
        changed.set(named.name, cleanName(named.name));
        named.name = cleanName(named.name);
      }
    for (const s of list)
      if (s.device !== undefined && badNameChar(s.device)) {
        changed.set(s.device, cleanName(s.device));
        s.device = cleanName(s.device);
      }
    tests[cleanName(name)] = list;
  }
  h.series.tests = tests;
  const notes = [...changed.keys()].map((old) => {
    const codes = [...new Set([...old].filter((c) => badNameChar(c)).map(codePoint))].join(', ');
    return `the name ${shown(old)} in the raw files holds ${codes}, which no name may hold: written with U+FFFD in its place`;
  });
  if (notes.length) h.run.provenance.notes = [...(h.run.provenance.notes ?? []), ...notes];
  return notes;
}
