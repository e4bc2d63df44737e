// Where the tables, charts and summaries of a report go: the author places them in the prose with a directive that
// stands alone in its paragraph, `{{ table(group="point") }}`, `{{ chart(group="writes", section=2) }}`,
// `{{ summary(group="point") }}`, `{{ table(kind="absolute") }}`; what the author does not place is appended after
// the prose, as before. This module reads and checks the directives against what each section of the report can
// show (a wrong name stops the build with the names that would do, and the line), and tells the views which
// parts are placed. docs/reports.md is the author's guide. Pure: the page renders.
import { closest } from '../analysis/closest-names.ts';
import { PlaceholderError } from '../analysis/placeholder-syntax.ts';

const PART_KINDS = ['table', 'chart', 'summary'] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** One placeable part: a section's (1-based) table, chart or summary of one group. */
export interface Part {
  kind: PartKind;
  section: number;
  group: string;
  /** Which table (`relative`, `absolute` ...); '' for charts and summaries. */
  table: string;
}

export const partKey = (p: Part) => `${p.section}|${p.kind}|${p.group}|${p.table}`;

/** What a section can place: its groups, its tables, whether it has charts and summaries. */
export interface SectionParts {
  number: number;
  title?: string;
  groups: string[];
  tables: string[];
  charts: boolean;
  summaries: boolean;
}

const DIRECTIVE = /^\s*(table|chart|summary)\s*\(([\s\S]*)\)\s*$/;

/** Whether a placeholder's source is a directive (a part to place), not a number. */
export const isDirective = (source: string) => DIRECTIVE.test(source);

const OPTIONS: Record<PartKind, string[]> = {
  table: ['group', 'section', 'kind'],
  chart: ['group', 'section'],
  summary: ['group', 'section'],
};

/** `key=value, key="value"` of a directive. */
function options(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\s*([A-Za-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|\u201c([^\u201d]*)\u201d|([^\s,"']+))\s*(,|$)/y;
  let at = 0;
  while (at < text.length && text.slice(at).trim() !== '') {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m)
      throw new PlaceholderError(
        `expected key="value" options, as group="point", at "${text.slice(at).trim().slice(0, 30)}"`,
      );
    const key = m[1]!;
    if (out.has(key)) throw new PlaceholderError(`"${key}" is given twice`);
    out.set(key, m[2] ?? m[3] ?? m[4] ?? m[5] ?? '');
    at = re.lastIndex;
  }
  return out;
}

const list = (names: string[]) => names.join(', ');

/** Read a directive against the report's sections: the part it places, or a PlaceholderError naming what would do. */
export function parseDirective(source: string, catalog: SectionParts[]): Part {
  const m = DIRECTIVE.exec(source);
  if (!m) throw new PlaceholderError('not a table(), chart() or summary()', [...PART_KINDS]);
  const kind = m[1] as PartKind;
  const opts = options(m[2]!);
  for (const key of opts.keys())
    if (!OPTIONS[kind].includes(key))
      throw new PlaceholderError(
        `unknown option "${key}" of ${kind}(); its options are ${list(OPTIONS[kind])}`,
        closest(key, OPTIONS[kind]),
      );
  const sectionNames = catalog.map((s) => `${s.number}${s.title ? ` (${s.title})` : ''}`);
  let section: SectionParts | undefined;
  const asked = opts.get('section');
  if (asked === undefined) {
    section = catalog.length === 1 ? catalog[0] : undefined;
    if (!section)
      throw new PlaceholderError(
        `the report has ${catalog.length} sections: say which with section=N; its sections are ${list(sectionNames)}`,
        catalog.map((s) => `section=${s.number}`),
      );
  } else {
    section = catalog.find((s) => String(s.number) === asked);
    if (!section)
      throw new PlaceholderError(
        `no section "${asked}"; the report's sections are ${list(sectionNames)}`,
        catalog.map((s) => `section=${s.number}`),
      );
  }
  if (kind === 'summary' && !section.summaries)
    throw new PlaceholderError(`section ${section.number} has no summary to place; it places table() and chart()`, [
      'table',
      'chart',
    ]);
  const group = opts.get('group') ?? (section.groups.length === 1 ? section.groups[0]! : undefined);
  if (group === undefined)
    throw new PlaceholderError(
      `section ${section.number} has ${section.groups.length} groups: say which with group="..."; its groups are ${list(section.groups)}`,
      section.groups,
    );
  if (!section.groups.includes(group))
    throw new PlaceholderError(
      `unknown group "${group}" of section ${section.number}; its groups are ${list(section.groups)}`,
      closest(group, section.groups),
    );
  let table = '';
  if (kind === 'table') {
    table = opts.get('kind') ?? section.tables[0]!;
    if (!section.tables.includes(table))
      throw new PlaceholderError(
        `unknown kind "${table}" of table in section ${section.number}; its tables are ${list(section.tables)}`,
        section.tables,
      );
  }
  return { kind, section: section.number, group, table };
}

/** Checks each directive of one report, in order, and keeps the parts placed (each at most once). */
export class Placer {
  readonly parts: Part[] = [];
  readonly #lines = new Map<string, number>();
  readonly #catalog: SectionParts[];
  constructor(catalog: SectionParts[]) {
    this.#catalog = catalog;
  }

  /** The marker number of the part `source` places (its index in `parts`); throws PlaceholderError. */
  place(source: string, line: number): number {
    const part = parseDirective(source, this.#catalog);
    const key = partKey(part);
    const before = this.#lines.get(key);
    if (before !== undefined) throw new PlaceholderError(`this ${part.kind} is placed already, at line ${before}`);
    this.#lines.set(key, line);
    this.parts.push(part);
    return this.parts.length - 1;
  }
}

// The element a placed part stands in for in the prose's HTML (src/site/markdown.ts), until the page puts the
// part there.
const MARKER = /<div data-benchsite-place="(\d+)"><\/div>/;

/** The prose's HTML cut at its markers: HTML, then the part placed there, and so on. */
export function splitAtParts(html: string, parts: Part[]): Array<{ html: string } | { part: Part }> {
  const out: Array<{ html: string } | { part: Part }> = [];
  const pieces = html.split(new RegExp(MARKER.source, 'g'));
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) {
      if (piece !== '') out.push({ html: piece });
    } else out.push({ part: parts[Number(piece)]! });
  });
  return out;
}

/**
 * What a view draws of its section: one part (`only`, placed in the prose), or every part not placed. `reserved`:
 * the headings of the author's prose, which a heading the view makes never repeats.
 */
export interface PartFilter {
  only?: Part;
  placed: ReadonlySet<string>;
  reserved: ReadonlySet<string>;
  /** How many sections the report has (headings of groups name their section when there are several). */
  sections: number;
}

/** Whether the view draws this part (no filter: every part). */
export function shows(
  f: PartFilter | undefined,
  section: number,
  kind: PartKind,
  group = 'all',
  table = kind === 'table' ? 'relative' : '',
): boolean {
  const key = partKey({ kind, section, group, table });
  if (!f) return true;
  return f.only ? partKey(f.only) === key : !f.placed.has(key);
}

/** A heading the view makes: the text, or when the author's prose has those words already, marked as the runs'. */
export function generatedHeading(f: PartFilter | undefined, text: string): string {
  return f?.reserved.has(text) ? `${text} (from the runs)` : text;
}

/** The heading of a group's tables: naming the section too when the report has several. */
export function groupHeading(
  f: PartFilter | undefined,
  text: string,
  section: { number: number; title?: string },
): string {
  const named = f && f.sections > 1 ? `${text}, ${section.title ?? `section ${section.number}`}` : text;
  return generatedHeading(f, named);
}
