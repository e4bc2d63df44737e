// Report Markdown under a sub-path: links and images written from the site's root move under the base; other
// links stay as written, and the allow-list still applies.
import { describe, expect, it } from 'vitest';
import { renderReportMarkdown } from '../../../../src/site/markdown.ts';

const md = [
  '[run](/runs/sysbench/vm/20261122-x/) [post](https://example.com/a) [rel](../../compare/) [proto](//evil.example/x)',
  '',
  '![chart](/img/chart.png) [bad](javascript:alert(1))',
].join('\n');
const render = (base?: string) => renderReportMarkdown(md, 0, (s) => s, base).html;

describe('report Markdown under a base', () => {
  it('moves root paths under /pr-7/ and leaves the rest as written', () => {
    const html = render('/pr-7/');
    expect(html).toContain('<a href="/pr-7/runs/sysbench/vm/20261122-x/">run</a>');
    expect(html).toContain('<img src="/pr-7/img/chart.png" alt="chart"');
    expect(html).toContain('<a href="https://example.com/a">post</a>');
    expect(html).toContain('<a href="../../compare/">rel</a>');
    expect(html).toContain('<a href="//evil.example/x">proto</a>');
    expect(html).not.toContain('javascript:');
  });

  it('changes nothing at the root', () => {
    expect(render()).toContain('<a href="/runs/sysbench/vm/20261122-x/">run</a>');
    expect(render('/')).toContain('<img src="/img/chart.png" alt="chart"');
  });
});
