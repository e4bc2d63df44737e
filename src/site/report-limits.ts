// Bounds on a report file (content/reports/*.md), checked before its frontmatter is parsed or its Markdown is
// rendered, by `benchsite validate` and before the site build reads content (Astro parses and renders every
// report itself): a report may come from anyone's pull request, and the renderer's time is not linear in every
// shape. 256 KB of `>` (one line of nested block quotes) took 38 s, 256 KB of `1. ` 16 s.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseContentYaml } from '../runs/content-yaml.ts';
import { formatZodIssues, problem, type Problem } from '../runs/problems.ts';
import { ReportSchema } from '../schemas/index.ts';
import { readContentFile } from '../runs/validate-files.ts';
import { nativeMarkdownProblems, type MarkdownInput } from './markdown-check.ts';

/** Where a report's problems point for its fields. */
export const REPORT_FIELDS_HINT = 'docs/reports.md shows a report frontmatter';

/** A report file larger than this (bytes) is refused (the committed ones are under 8 KB). */
export const MAX_REPORT_BYTES = 256 * 1024;
/** A frontmatter longer than this is refused. */
export const MAX_FRONTMATTER_CHARS = 64 * 1024;
/** A line opening more block quotes and list items than this is refused. */
const MAX_BLOCK_NESTING = 32;

/** The frontmatter and body of a report file, and how many lines come before the body. */
export function splitReport(text: string): { frontmatter: string; body: string; lineOffset: number } | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
  if (!m) return undefined;
  return { frontmatter: m[1]!, body: text.slice(m[0].length), lineOffset: m[0].split('\n').length - 1 };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** How many block quotes and list items each line opens (`> 1. - a` opens 3): the first line over `max`. */
export function deeplyNestedLine(body: string, max = MAX_BLOCK_NESTING): { line: number; depth: number } | undefined {
  let line = 1;
  let i = 0;
  while (i <= body.length) {
    let depth = 0;
    let j = i;
    for (;;) {
      while (isBlank(body[j])) j++;
      const c = body[j];
      if (c === '>') j++;
      else if ((c === '-' || c === '+' || c === '*') && (isBlank(body[j + 1]) || body[j + 1] === '\n')) j += 2;
      else if (isDigit(c)) {
        let k = j;
        while (isDigit(body[k]) && k - j < 9) k++;
        if ((body[k] !== '.' && body[k] !== ')') || !(isBlank(body[k + 1]) || body[k + 1] === '\n')) break;
        j = k + 2;
      } else break;
      if (++depth > max) return { line, depth };
    }
    const nl = body.indexOf('\n', j);
    if (nl < 0) break;
    i = nl + 1;
    line++;
  }
  return undefined;
}

export type ReportParts = NonNullable<ReturnType<typeof splitReport>>;

/**
 * A report's parts and its frontmatter as data, or the problems that stop it before either is used: its size,
 * no frontmatter, the frontmatter's YAML (syntax and shape), the Markdown's nesting. The frontmatter's content
 * (ReportSchema) is checked by validate-report.ts.
 */
export function readReport(
  file: string,
  text: string,
): { parts: ReportParts; frontmatter: unknown } | { problems: Problem[] } {
  const size = Buffer.byteLength(text);
  if (size > MAX_REPORT_BYTES) return { problems: [tooLarge(file, size)] };
  const parts = splitReport(text);
  if (!parts)
    return {
      problems: [
        problem(
          file,
          '(frontmatter)',
          'no YAML frontmatter between --- lines',
          'Start the file with the frontmatter: title, date, benchmark, base and runs (see docs/reports.md)',
        ),
      ],
    };
  const problems: Problem[] = [];
  const yaml = parseContentYaml(parts.frontmatter, MAX_FRONTMATTER_CHARS);
  if (!yaml.ok)
    problems.push(
      problem(
        file,
        `(frontmatter) line ${yaml.line + 1}:${yaml.column}`,
        yaml.message,
        'Fix the YAML of the frontmatter',
      ),
    );
  const deep = deeplyNestedLine(parts.body);
  if (deep)
    problems.push(
      problem(
        file,
        `line ${deep.line + parts.lineOffset}`,
        `opens more than ${MAX_BLOCK_NESTING} block quotes and list items on one line`,
        'Nest block quotes and lists less deeply',
      ),
    );
  return yaml.ok && !problems.length ? { parts, frontmatter: yaml.data } : { problems };
}

const tooLarge = (file: string, size: number) =>
  problem(
    file,
    '(file)',
    `is ${size} bytes, more than the ${MAX_REPORT_BYTES} a report may have`,
    'Shorten the report or split it in two',
  );

/** A report file's text, or the problem of a file too large to be read as one. */
export function reportText(file: string, bytes: Buffer): { text: string } | { problem: Problem } {
  return bytes.length > MAX_REPORT_BYTES ? { problem: tooLarge(file, bytes.length) } : { text: bytes.toString('utf8') };
}

/**
 * The problems readReport finds in every report file of `dir` (none when there is no such folder), those of its
 * frontmatter (ReportSchema), and those of rendering their Markdown in a child process (src/site/markdown-check.ts).
 */
export async function checkReportFiles(dir: string): Promise<Problem[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.md')).sort();
  } catch {
    return [];
  }
  const problems: Problem[] = [];
  const bodies: MarkdownInput[] = [];
  for (const n of names) {
    const file = join(dir, n);
    const read = await readContentFile(file);
    if (!('bytes' in read)) continue;
    const r = reportText(file, read.bytes);
    if ('problem' in r) problems.push(r.problem);
    else {
      const report = readReport(file, r.text);
      if ('problems' in report) problems.push(...report.problems);
      else {
        // Astro checks the frontmatter too, but stops with its stack trace: an unknown `benchmark:` or a
        // misspelt field is a line naming the report, as `benchsite validate` prints it.
        const parsed = ReportSchema.safeParse(report.frontmatter);
        if (!parsed.success) problems.push(...formatZodIssues(file, parsed.error.issues, REPORT_FIELDS_HINT));
        bodies.push({ file, body: report.parts.body });
      }
    }
  }
  return [...problems, ...(await nativeMarkdownProblems(bodies))];
}
