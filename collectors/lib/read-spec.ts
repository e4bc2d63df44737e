// Reading a run spec (YAML): every problem names the file, line, field, what is wrong and what to do.
import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument, isNode } from 'yaml';
import { RunSpecSchema, type RunSpec } from '../../src/schemas/index.ts';
import type { z } from 'zod';
import { formatZodIssues, yamlErrorLine } from '../../src/runs/problems.ts';
import { VOCABULARIES } from '../../src/benchmarks/index.ts';

export class SpecError extends Error {}

/** A misspelt test would otherwise be skipped in a run of hours: the spec is refused instead. */
function unknownTests(spec: RunSpec): z.core.$ZodIssue[] {
  const names = VOCABULARIES[spec.benchmark.kind].specTests;
  if (!names || !('tests' in spec.benchmark)) return [];
  const known = names.known;
  return spec.benchmark.tests.flatMap((entry, i) => {
    if (names.accepts(entry)) return [];
    return [
      {
        code: 'custom',
        path: ['benchmark', 'tests', i],
        message: `unknown test "${entry}"`,
        params: { hint: `Use one of ${known.join(', ')} (add _range=<n> for a range)` },
        input: entry,
      } as z.core.$ZodIssue,
    ];
  });
}

/** Parse and validate spec text. Throws SpecError listing every problem as `<file>:<line>: <field>: <what>. <do>`. */
export function parseSpec(file: string, text: string): RunSpec {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    const { line, col } = lineCounter.linePos(e.pos[0]);
    throw new SpecError(
      `${file}:${line}:${col}: YAML syntax error: ${yamlErrorLine(e)}. Fix the YAML at that position.`,
    );
  }
  const parsed = RunSpecSchema.safeParse(doc.toJS() ?? {});
  const issues = parsed.success ? unknownTests(parsed.data) : parsed.error.issues;
  if (parsed.success && issues.length === 0) return parsed.data;
  const lines = formatZodIssues(file, issues, '`benchsite run --help` shows every field').map((p, i) => {
    // Point at the deepest node of the path that exists in the document (the unknown key itself, if that is it).
    const issue = issues[i]!;
    const path = [...issue.path, ...(issue.code === 'unrecognized_keys' ? [issue.keys[0]!] : [])] as Array<
      string | number
    >;
    let line: number | undefined;
    while (path.length && line === undefined) {
      const node = doc.getIn(path, true);
      if (isNode(node) && node.range) line = lineCounter.linePos(node.range[0]).line;
      else path.pop();
    }
    return `${file}:${line ?? 1}: ${p.where}: ${p.message}. ${p.hint}.`;
  });
  throw new SpecError(lines.join('\n'));
}

export async function readSpec(file: string): Promise<RunSpec> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new SpecError(`${file}: cannot read the spec file. Check the path.`);
  }
  return parseSpec(file, text);
}
