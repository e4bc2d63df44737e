// The headings of a report's prose: collected while its Markdown renders, so the page can keep the headings it
// adds around them from repeating them, and checked: the author's own headings never repeat either (a reader
// links a heading by its words, src/site/heading-anchors.ts).
import type { HastPluginDefinition } from 'satteri';
import { lineColumn } from '../runs/problems.ts';
import type { PlaceholderProblem } from './markdown.ts';

export interface ProseHeading {
  text: string;
  line: number;
  column: number;
}

/** Collects every heading (h1 to h6) of the prose, with its text and line in the report file. */
export function headingsPlugin(body: string, lineOffset: number, found: ProseHeading[]): HastPluginDefinition {
  return {
    name: 'benchsite-prose-headings',
    options: { position: true },
    element: {
      filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
      visit(node, ctx) {
        const lc = node.position ? lineColumn(body, node.position.start.offset ?? 0) : { line: 0, column: 0 };
        found.push({
          text: ctx.textContent(node).replace(/\s+/g, ' ').trim(),
          line: lc.line + lineOffset,
          column: lc.column,
        });
      },
    },
  };
}

/** A problem for each heading whose words an earlier heading has. */
export function repeatedHeadings(headings: ProseHeading[]): PlaceholderProblem[] {
  const first = new Map<string, ProseHeading>();
  const problems: PlaceholderProblem[] = [];
  for (const h of headings) {
    const before = first.get(h.text);
    if (!before) first.set(h.text, h);
    else
      problems.push({
        line: h.line,
        column: h.column,
        source: h.text,
        message: `the heading "${h.text}" repeats the one of line ${before.line}`,
        suggestions: [],
        hint: 'Give each heading words of its own: a reader links a heading by them',
      });
  }
  return problems;
}
