// Problems in a run (or report, meta, spec) file, worded as `<file>: <json.path>: <what is wrong>. <what to do>`.
import { isAbsolute, relative } from 'node:path';
import type { z } from 'zod';
import type { Problem } from '../schemas/problem.ts';
import { BENCHMARK_NAMES } from '../../benchmarks/index.ts';

export type { Problem };

/** `['tests', 3, 'name']` -> `tests[3].name`. */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || '(root)';
}

/** What the string formats of the schemas look like, for the hint of a value in the wrong one. */
const FORMAT_EXAMPLES: Record<string, { what: string; how: string }> = {
  date: { what: 'a date', how: 'YYYY-MM-DD, e.g. 2026-11-22' },
  datetime: { what: 'a date and time', how: 'an ISO 8601 time with its offset, e.g. 2026-11-22T06:10:00Z' },
  url: {
    what: 'an http(s) URL',
    how: 'a full URL, e.g. https://example.com/post (javascript:, data: and other schemes are refused)',
  },
};

/** Examples of the mappings people most often write as a plain value (`config: z12a` in a run file). */
const MAPPING_EXAMPLES: Record<string, string> = {
  config: '`config: { name: z12a }`',
  host: '`host: { name: pn53 }`',
  dbms: '`dbms: { product: mariadb, version: 11.8.6 }`',
};

/** A type as the hint names it: `an object (mapping) such as ...`, `a list`, `a number`. */
function typeWords(expected: string, key: PropertyKey | undefined): string {
  if (expected === 'object') {
    const example = typeof key === 'string' ? (MAPPING_EXAMPLES[key] ?? `\`${key}: { <field>: <value> }\``) : undefined;
    return `an object (mapping)${example ? ` such as ${example}` : ''}`;
  }
  if (expected === 'array') return 'a list';
  return `${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
}

/** A union whose every shape wants another type of value (`config: 5` for a name or a mapping): those types. */
function unionTypes(issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return undefined;
  const types = issue.errors.map((e) =>
    e.length === 1 && e[0]!.code === 'invalid_type' && e[0]!.path.length === 0 ? e[0]!.expected : undefined,
  );
  return types.every((t) => t !== undefined) ? [...new Set(types as string[])] : undefined;
}

/** Whether a choice is of a benchmark (a run's `benchmark`, a workload's or spec's `kind`): its schema words it. */
function isBenchmarkChoice(values: readonly unknown[]): boolean {
  return values.length === BENCHMARK_NAMES.length && BENCHMARK_NAMES.every((n) => values.includes(n));
}

function describe(issue: z.core.$ZodIssue, fieldsHint: string): { message: string; hint: string } {
  const key = issue.path.at(-1);
  switch (issue.code) {
    case 'invalid_type': {
      // A coerced date (reports) that is missing or not a date arrives as an Invalid Date.
      if (issue.expected === 'date')
        return { message: 'missing, or not a date', hint: 'Write it as YYYY-MM-DD, e.g. 2026-11-22' };
      const missing = /received undefined/.test(issue.message);
      return missing
        ? { message: `missing required field (expected ${issue.expected})`, hint: `Add it; ${fieldsHint}` }
        : {
            message: `expected ${issue.expected}, ${issue.message.replace(/^Invalid input: expected \w+, /, '')}`,
            hint: `Write it as ${typeWords(issue.expected, key)}`,
          };
    }
    case 'unrecognized_keys':
      return {
        message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
        hint: 'Remove it or fix its spelling; only the documented fields are allowed',
      };
    case 'invalid_value':
      if (isBenchmarkChoice(issue.values)) return { message: issue.message, hint: 'Set it to one of them' };
      return {
        message: `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`,
        hint: 'Use one of those values',
      };
    case 'invalid_union': {
      // zod's issue of a discriminated union whose `kind` matches no shape (its type leaves these out).
      const d = issue as { note?: string; options?: unknown[] };
      if (d.note === 'No matching discriminator' && isBenchmarkChoice(d.options ?? []))
        return { message: issue.message, hint: 'Set it to one of them' };
      const types = unionTypes(issue);
      if (types) {
        const received = /received (\w+)/.exec(issue.errors[0]![0]!.message)?.[1];
        return {
          message: `expected ${types.join(' or ')}${received ? `, received ${received}` : ''}`,
          hint: `Write it as ${types.map((t) => typeWords(t, key)).join(', or as ')}`,
        };
      }
      return { message: 'matches none of the allowed shapes', hint: 'Check `kind` and the fields that go with it' };
    }
    case 'too_small':
      return {
        message: issue.message.replace(/^Too small: /, ''),
        hint: 'Add the missing entries or use a larger value',
      };
    case 'too_big':
      return { message: issue.message.replace(/^Too big: /, ''), hint: 'Use a smaller value' };
    case 'invalid_format': {
      const example = FORMAT_EXAMPLES[issue.format];
      return example
        ? { message: `not ${example.what}`, hint: `Write it as ${example.how}` }
        : {
            message: issue.message.replace(/^Invalid( string)?: /, ''),
            // A regex issue's message says the form (the schema's own text, or the pattern); "the format
            // regex" would tell a reader nothing.
            hint: issue.format === 'regex' ? 'Write it in that form' : `Write it as a valid ${issue.format}`,
          };
    }
    case 'custom':
      return {
        message: issue.message,
        hint:
          (issue.params?.hint as string | undefined) ??
          'Fix the value, or re-run `benchsite harvest` if the file was generated',
      };
    default:
      return { message: issue.message, hint: 'Fix the value, or re-run `benchsite harvest` if the file was generated' };
  }
}

export function problem(file: string, where: string, message: string, hint: string): Problem {
  return { file, where, message, hint, text: oneLine(`${file}: ${where}: ${message}. ${hint}.`) };
}

/**
 * A problem is one line whatever a file holds: line breaks and other control characters that a key or value
 * quoted in it brings (an unknown field named "a\u2028b") are written as escapes.
 */
function oneLine(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** One problem per zod issue. `fieldsHint` says where the fields are documented. */
export function formatZodIssues(
  file: string,
  issues: ReadonlyArray<z.core.$ZodIssue>,
  fieldsHint = 'public/schema/run.schema.json lists every field',
): Problem[] {
  return issues.map((issue) => {
    const { message, hint } = describe(issue, fieldsHint);
    return problem(file, jsonPath(issue.path), message, hint);
  });
}

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastNewline = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lastNewline = i;
    }
  }
  return { line, column: offset - lastNewline };
}

/** Parse JSON text; a syntax error becomes a Problem at `line L:C`. */
export function parseJsonText(file: string, text: string): { data?: unknown; problem?: Problem } {
  try {
    return { data: JSON.parse(text) };
  } catch (e) {
    const msg = (e as Error).message;
    const lcm = /line (\d+) column (\d+)/.exec(msg);
    const pos = /position (\d+)/.exec(msg);
    const lc = lcm
      ? { line: Number(lcm[1]), column: Number(lcm[2]) }
      : lineColumn(text, pos ? Number(pos[1]) : text.length);
    const where = `line ${lc.line}:${lc.column}`;
    const what = `JSON syntax error: ${msg.replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '')}`;
    return {
      problem: problem(
        file,
        where,
        what,
        'Fix the JSON at that position (a missing comma or quote is the usual cause)',
      ),
    };
  }
}

/** A file under the working directory by its short path; others as given, not as ../../ chains. */
function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** A problem's line as printed, its file shown by shownPath. */
export const shownText = (p: Problem): string => p.text.replace(p.file, shownPath(p.file));

/**
 * The error that stops a site build on bad content: one line per problem, as `benchsite validate` prints them,
 * and no stack trace (Astro prints one when the error has it; the fault is in the content, not the code).
 */
export function contentError(where: string, lines: string[]): Error {
  const e = new Error(
    `${lines.length} problem(s) in ${where} (run \`npx benchsite validate\` for the list):\n${lines.join('\n')}`,
  );
  e.stack = '';
  return e;
}
