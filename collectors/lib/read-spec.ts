// Reading a run spec (YAML): every problem names the file, line, field, what is wrong and what to do.
import { readFile } from 'node:fs/promises';
import { isNode } from 'yaml';
import { MAX_CONFIG_FILE_CHARS, parseContentYaml } from '../../src/runs/content-yaml.ts';
import { RunSpecSchema, type RunSpec } from '../../src/schemas/index.ts';
import type { z } from 'zod';
import { formatZodIssues } from '../../src/runs/problems.ts';
import { vocabularyOf } from '../../benchmarks/index.ts';

export class SpecError extends Error {}

/**
 * A misspelt test would otherwise be skipped in a run of hours, and a DBMS the benchmark cannot run against
 * would fail at its first test: the spec is refused instead.
 */
function specProblems(spec: RunSpec): z.core.$ZodIssue[] {
  const vocabulary = vocabularyOf(spec.benchmark);
  const products = vocabulary.products;
  const wrongProducts = spec.dbms.flatMap((d, i) =>
    !products || products.includes(d.product)
      ? []
      : [
          {
            code: 'custom',
            path: ['dbms', i, 'product'],
            message: `${spec.benchmark.kind} runs against ${products.join(', ')}, not ${d.product}`,
            params: { hint: `Give this DBMS entry product: ${products.join(' or ')}, or run another benchmark` },
            input: d.product,
          } as z.core.$ZodIssue,
        ],
  );
  const names = vocabulary.specTests;
  if (!names || !('tests' in spec.benchmark)) return wrongProducts;
  const known = names.known;
  const misspelt = spec.benchmark.tests.flatMap((entry, i) => {
    if (typeof entry !== 'string' || names.accepts(entry)) return [];
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
  return [...wrongProducts, ...misspelt];
}

/** Parse and validate spec text. Throws SpecError listing every problem as `<file>:<line>: <field>: <what>. <do>`. */
export function parseSpec(file: string, text: string): RunSpec {
  const yaml = parseContentYaml(text, MAX_CONFIG_FILE_CHARS);
  if (!yaml.ok)
    throw new SpecError(`${file}:${yaml.line}:${yaml.column}: ${yaml.message}. Fix the YAML at that position.`);
  const { doc, lineCounter } = yaml;
  const parsed = RunSpecSchema.safeParse(yaml.data ?? {});
  const issues = parsed.success ? specProblems(parsed.data) : parsed.error.issues;
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
