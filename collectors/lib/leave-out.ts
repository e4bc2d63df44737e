// One bad file never costs the good ones: a harvester that refuses a file of its input (an InputError naming
// it) is run again without that file, and the file is listed as refused with the error. Errors that name no
// file of the input (a bug, a missing run date of the whole input) are thrown as before. Pure.
import { isInputError } from './input-error.ts';
import { entryName, type RawEntry } from './raw-tree.ts';
import type { Refusal } from './harvested.ts';

/**
 * The entries the error names (a file, or the files of a directory) and the rest; undefined when the error is
 * not an InputError or names none of them.
 */
function namedBy(e: unknown, entries: RawEntry[]): { named: RawEntry[]; left: RawEntry[] } | undefined {
  if (!isInputError(e) || !e.file) return undefined;
  const file = e.file;
  const named: RawEntry[] = [];
  const left: RawEntry[] = [];
  for (const x of entries) {
    const n = entryName(x);
    (n === file || n.startsWith(`${file}/`) || x.path === file ? named : left).push(x);
  }
  return named.length ? { named, left } : undefined;
}

/**
 * `harvest(entries)`, again without each file it refuses, until it succeeds: what it returns (nothing when
 * every file was refused) and the files left out, in the order they were refused, each named by `shown`.
 * Throws what `harvest` throws when the error names no file.
 */
export function withoutBadFiles<T>(
  entries: RawEntry[],
  harvest: (entries: RawEntry[]) => T,
  shown: (e: RawEntry) => string = entryName,
): { result?: T; refused: Refusal[]; named: RawEntry[] } {
  const refused: Refusal[] = [];
  const all: RawEntry[] = [];
  for (let left = entries; ;) {
    try {
      return { result: harvest(left), refused, named: all };
    } catch (e) {
      const out = namedBy(e, left);
      if (!out) throw e;
      // The file itself when the error names one, else what it names (a directory of files).
      const file = (e as { file: string }).file;
      const one = out.named.find((x) => out.named.length === 1 && (entryName(x) === file || x.path === file));
      const path = one ? shown(one) : file;
      // The message names the file as the harvester saw it; said as in the input.
      const said = one ? entryName(one) : path;
      const m = (e as Error).message;
      refused.push({ path, reason: m.startsWith(said) ? path + m.slice(said.length) : m });
      all.push(...out.named);
      left = out.left;
      if (left.length === 0) return { refused, named: all };
    }
  }
}
