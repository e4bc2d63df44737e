// The report frontmatter fields of a post's page: where the post was published, its links, and a post with no data.
import { describe, expect, it } from 'vitest';
import { ReportSchema } from '../../../../src/schemas/index.ts';

const base = { title: 'A post', date: '2026-04-05', benchmark: 'sysbench' };
const runs = { base: 'sysbench/pn53/20260405-a', runs: ['sysbench/pn53/20260405-b'] };
const issues = (r: unknown) => ReportSchema.safeParse(r).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('ReportSchema: source and links', () => {
  it('takes the post as a URL or as where it was published, and links with a title', () => {
    expect(ReportSchema.parse({ ...base, ...runs, source: 'https://example.org/2026/04/post.html' }).source).toEqual({
      url: 'https://example.org/2026/04/post.html',
    });
    const r = ReportSchema.parse({
      ...base,
      ...runs,
      source: { author: 'Mark Callaghan', site: 'Small Datum', siteUrl: 'https://smalldatum.blogspot.com/' },
      links: [{ title: 'my.cnf', url: 'https://github.com/mdcallag/mytools' }],
    });
    expect(r.source).toEqual({
      author: 'Mark Callaghan',
      site: 'Small Datum',
      siteUrl: 'https://smalldatum.blogspot.com/',
    });
    expect(r.links).toEqual([{ title: 'my.cnf', url: 'https://github.com/mdcallag/mytools' }]);
  });

  it('refuses links that are not http(s), and unknown keys', () => {
    expect(issues({ ...base, ...runs, source: 'javascript:alert(1)' })).toBeDefined();
    expect(issues({ ...base, ...runs, links: [{ title: 'x', url: 'javascript:alert(1)' }] })).toBeDefined();
    expect(issues({ ...base, ...runs, links: [{ title: 'x', url: '/etc/passwd' }] })).toBeDefined();
    expect(issues({ ...base, ...runs, source: { site: 'x', blog: 'y' } })).toBeDefined();
  });
});

describe('ReportSchema: a post with no data', () => {
  it('names no runs and says what is missing', () => {
    expect(ReportSchema.parse({ ...base, noData: 'the runs of this post are not here' }).noData).toBe(
      'the runs of this post are not here',
    );
  });

  it('is refused with runs, and a report with neither runs nor noData is refused', () => {
    expect(issues({ ...base, ...runs, noData: 'x' })).toEqual(['noData: a report with `noData` names no runs']);
    expect(issues({ ...base, sections: [], noData: 'x' })).toEqual(['noData: a report with `noData` names no runs']);
    expect(issues(base)).toEqual(['base: a report needs `base` and `runs`, or `sections`']);
  });
});
