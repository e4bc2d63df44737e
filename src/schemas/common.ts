// Small building blocks shared by the run, report and spec schemas.
import { z } from 'zod';

/** A calendar date, `YYYY-MM-DD`. */
export const IsoDate = z.iso.date();

/** A point in time, ISO 8601 with an offset (`2026-11-22T01:32:00Z`). */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** 64 lower-case hex digits; also read by run.json's check without zod (src/runs/parse-run-file.ts). */
export const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Lower-case hex SHA-256 of a file's bytes. */
export const Sha256 = z.string().regex(SHA256_HEX, 'expected 64 lower-case hex digits (a SHA-256)');

/** A non-empty string. */
export const Text = z.string().min(1);

/** A path inside a folder: not empty, not absolute, no `..` part (RelativePath's rule, for checks without zod). */
export const isRelativePath = (p: string): boolean => p !== '' && !p.startsWith('/') && !p.split('/').includes('..');
/** A relative path with forward slashes that stays inside its folder. */
export const RelativePath = z.string().min(1).refine(isRelativePath, 'expected a relative path inside the folder');

/** A run id: its path under `content/runs/`, `<benchmark>/<host>/<YYYYMMDD>-<label>` (no `.` or `..` part). */
export const RunId = z
  .string()
  .regex(/^[^/]+\/[^/]+\/\d{8}-[^/]+$/, 'expected <benchmark>/<host>/<YYYYMMDD>-<label>')
  .refine((id) => !id.split('/').some((p) => p === '.' || p === '..'), 'a run id never has a . or .. part');

/**
 * Characters a name may not hold: control characters (tabs and newlines included), line and paragraph
 * separators (U+2028 in a test name crashed chart rendering: vega's expressions take it for a line break) and
 * bidirectional controls (they make a name display as another). Names are test names, labels, hosts, config
 * names, series and column names, report titles; prose (notes, annotations' text, a report's body) is not a name.
 */
const NOT_IN_NAMES = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Bidi_Control}]/u;

/** The first character of `name` that a name may not hold, and where (0-based), or undefined. */
export function badNameChar(name: string): { char: string; at: number } | undefined {
  const m = NOT_IN_NAMES.exec(name);
  return m ? { char: m[0], at: m.index } : undefined;
}

/** `U+2028` for a character, as a message shows it (the character itself may be invisible or break the line). */
export const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Marks the issue of a bad name character, so that harvest can find and clean exactly what validate refuses. */
export const NAME_ISSUE = 'benchsite-name';

/** A name: a non-empty string without the characters of NOT_IN_NAMES. The one definition of what names hold. */
export const Name = z
  .string()
  .min(1)
  .superRefine((name, ctx) => {
    const bad = badNameChar(name);
    if (bad)
      ctx.addIssue({
        code: 'custom',
        message: `a name may not hold ${codePoint(bad.char)} (character ${bad.at + 1}): no control characters, line or paragraph separators or bidirectional controls`,
        params: { hint: 'Remove that character from the name', kind: NAME_ISSUE },
      });
  });
