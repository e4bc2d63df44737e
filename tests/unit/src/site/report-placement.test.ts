// Placing tables, charts and summaries in a report's prose: the directives read and checked against what each
// section can show (a wrong name is refused with the names that would do), the marker they leave in the prose's
// HTML, and which parts a view then draws.
import { describe, expect, it } from 'vitest';
import { renderReportMarkdown } from '../../../../src/site/markdown.ts';
import {
  generatedHeading,
  groupHeading,
  isDirective,
  parseDirective,
  partKey,
  Placer,
  shows,
  splitAtParts,
  type SectionParts,
} from '../../../../src/site/report-placement.ts';

const ONE: SectionParts[] = [
  {
    number: 1,
    groups: ['point', 'range', 'range-agg', 'writes'],
    tables: ['relative', 'absolute'],
    charts: true,
    summaries: true,
  },
];
const TWO: SectionParts[] = [
  {
    number: 1,
    title: 'CPU-bound',
    groups: ['all'],
    tables: ['relative', 'throughput', 'background-inserts'],
    charts: true,
    summaries: false,
  },
  {
    number: 2,
    title: 'IO-bound',
    groups: ['all'],
    tables: ['relative', 'throughput', 'background-inserts'],
    charts: true,
    summaries: false,
  },
];
const error = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return { message: (e as Error).message, suggestions: (e as { suggestions: string[] }).suggestions };
  }
  throw new Error('no error');
};

describe('parseDirective', () => {
  it('reads table(), chart() and summary() with quoted or bare options, and the defaults', () => {
    expect(parseDirective(' table(group="point") ', ONE)).toEqual({
      kind: 'table',
      section: 1,
      group: 'point',
      table: 'relative',
    });
    expect(parseDirective("table(group='writes', kind=absolute)", ONE)).toEqual({
      kind: 'table',
      section: 1,
      group: 'writes',
      table: 'absolute',
    });
    expect(parseDirective('chart(group = range-agg)', ONE)).toEqual({
      kind: 'chart',
      section: 1,
      group: 'range-agg',
      table: '',
    });
    expect(parseDirective('table(section=2, kind="background-inserts")', TWO)).toEqual({
      kind: 'table',
      section: 2,
      group: 'all',
      table: 'background-inserts',
    });
    expect(isDirective(' summary(group="point")')).toBe(true);
    expect(isDirective('rel(z12c, insert)')).toBe(false);
  });

  it('refuses an unknown group, option, kind or section with the names that would do', () => {
    const group = error(() => parseDirective('table(group="pont")', ONE));
    expect(group.message).toBe('unknown group "pont" of section 1; its groups are point, range, range-agg, writes');
    expect(group.suggestions[0]).toBe('point');
    expect(error(() => parseDirective('table(group="point", colour=red)', ONE)).message).toBe(
      'unknown option "colour" of table(); its options are group, section, kind',
    );
    expect(error(() => parseDirective('chart(group="point", kind=absolute)', ONE)).message).toBe(
      'unknown option "kind" of chart(); its options are group, section',
    );
    expect(error(() => parseDirective('table(group="point", kind=efficiency)', ONE)).message).toBe(
      'unknown kind "efficiency" of table in section 1; its tables are relative, absolute',
    );
    expect(error(() => parseDirective('table()', TWO)).message).toBe(
      'the report has 2 sections: say which with section=N; its sections are 1 (CPU-bound), 2 (IO-bound)',
    );
    expect(error(() => parseDirective('table(section=3)', TWO)).message).toBe(
      'no section "3"; the report\'s sections are 1 (CPU-bound), 2 (IO-bound)',
    );
    expect(error(() => parseDirective('table()', ONE)).message).toBe(
      'section 1 has 4 groups: say which with group="..."; its groups are point, range, range-agg, writes',
    );
    expect(error(() => parseDirective('summary(section=1)', TWO)).message).toMatch(
      /^section 1 has no summary to place/,
    );
    expect(error(() => parseDirective('table(group)', ONE)).message).toMatch(/^expected key="value" options/);
    expect(error(() => parseDirective('table(group="a", group="b")', ONE)).message).toBe('"group" is given twice');
  });

  it('places each part once', () => {
    const p = new Placer(ONE);
    expect(p.place('table(group="point")', 12)).toBe(0);
    expect(p.place('chart(group="point")', 14)).toBe(1);
    expect(error(() => p.place('table(group = point)', 20)).message).toBe('this table is placed already, at line 12');
  });
});

describe('directives in the Markdown', () => {
  const render = (body: string) => {
    const placer = new Placer(ONE);
    const out = renderReportMarkdown(body, 3, (s) => `[${s.trim()}]`, '/', {
      isDirective,
      place: (src, line) => placer.place(src, line),
    });
    return { ...out, parts: placer.parts };
  };

  it('a directive alone in its paragraph becomes a marker, split back into the prose and its parts', () => {
    const r = render('Before {{ x }}.\n\n{{ table(group="point") }}\n\nAfter.\n');
    expect(r.problems).toEqual([]);
    expect(r.html).toBe('<p>Before [x].</p>\n<div data-benchsite-place="0"></div>\n<p>After.</p>\n');
    expect(splitAtParts(r.html, r.parts)).toEqual([
      { html: '<p>Before [x].</p>\n' },
      { part: { kind: 'table', section: 1, group: 'point', table: 'relative' } },
      { html: '\n<p>After.</p>\n' },
    ]);
  });

  it('refuses a directive inside a sentence, and a wrong one, at its line with the valid names', () => {
    const r = render('Text\n\nSee {{ table(group="point") }} here.\n\n{{ chart(group="writs") }}\n');
    expect(r.problems.map((p) => [p.line, p.column, p.message])).toEqual([
      [6, 5, 'table(), chart() and summary() stand alone in a paragraph of their own (a blank line before and after)'],
      [8, 1, 'unknown group "writs" of section 1; its groups are point, range, range-agg, writes'],
    ]);
    expect(r.problems[1]!.suggestions[0]).toBe('writes');
  });

  it('a marker cannot be forged with raw HTML: it stays text', () => {
    const r = render('<div data-benchsite-place="0"></div>\n');
    expect(r.html).not.toContain('<div data-benchsite-place');
    expect(splitAtParts(r.html, r.parts)).toEqual([{ html: r.html }]);
  });

  it('collects the headings and refuses one that repeats, at its line', () => {
    const r = render('## Results: writes\n\nText.\n\n### Point\n\n## Results: writes\n');
    expect(r.headings).toEqual(['Results: writes', 'Point', 'Results: writes']);
    expect(r.problems).toMatchObject([
      { line: 10, message: 'the heading "Results: writes" repeats the one of line 4', hint: expect.any(String) },
    ]);
  });
});

describe("a claim that differs from the author's words", () => {
  it('is followed by its note, in emphasis, at the end of its run of text', () => {
    const { html, problems } = renderReportMarkdown('A drop of {{ c }} basis points, {{ d }} here.\n', 0, (src) =>
      src.trim() === 'c' ? { text: '37', note: 'the post said ~33; computed from its table: 37' } : 'x',
    );
    expect(problems).toEqual([]);
    expect(html).toBe(
      '<p>A drop of 37 basis points, x here. <em class="claim-note">(the post said ~33; computed from its table: 37)</em></p>\n',
    );
  });
});

describe('what a view draws', () => {
  const part = { kind: 'table', section: 1, group: 'point', table: 'relative' } as const;
  const rest = { placed: new Set([partKey(part)]), reserved: new Set(['Results: point queries']), sections: 1 };

  it('one placed part, or every part but the placed ones', () => {
    expect(shows(undefined, 1, 'table', 'point')).toBe(true);
    expect(shows(rest, 1, 'table', 'point')).toBe(false);
    expect(shows(rest, 1, 'table', 'point', 'absolute')).toBe(true);
    expect(shows(rest, 1, 'chart', 'point')).toBe(true);
    expect(shows({ ...rest, only: part }, 1, 'table', 'point')).toBe(true);
    expect(shows({ ...rest, only: part }, 1, 'chart', 'point')).toBe(false);
  });

  it('its headings never repeat the prose, and name their section when there are several', () => {
    expect(generatedHeading(rest, 'Results: point queries')).toBe('Results: point queries (from the runs)');
    expect(generatedHeading(rest, 'Results: writes')).toBe('Results: writes');
    expect(groupHeading({ ...rest, sections: 2 }, 'Results: writes', { number: 2, title: 'IO-bound' })).toBe(
      'Results: writes, IO-bound',
    );
    expect(groupHeading({ ...rest, sections: 2 }, 'Summary', { number: 1 })).toBe('Summary, section 1');
  });
});
