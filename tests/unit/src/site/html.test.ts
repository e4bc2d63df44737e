import { describe, expect, it } from 'vitest';
import { esc, html, raw } from '../../../../src/site/html.ts';

describe('html', () => {
  it('escapes interpolated text, attributes included', () => {
    const name = `<script>alert("x's & y")</script>`;
    expect(html`<td title="${name}">${name}</td>`.text).toBe(
      '<td title="&lt;script&gt;alert(&quot;x&#39;s &amp; y&quot;)&lt;/script&gt;">&lt;script&gt;alert(&quot;x&#39;s &amp; y&quot;)&lt;/script&gt;</td>',
    );
  });

  it('inserts nested html and raw markup as they are, and joins arrays', () => {
    const rows = ['a<b', 'c'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${rows}</ul>${raw('<svg></svg>')}`.text).toBe('<ul><li>a&lt;b</li><li>c</li></ul><svg></svg>');
  });

  it('prints nothing for false, true, null and undefined, as Astro expressions do, but prints 0', () => {
    expect(html`[${false}${true}${null}${undefined}${0}${''}]`.text).toBe('[0]');
  });

  it('esc leaves plain text alone', () => {
    expect(esc('point-query_range=100')).toBe('point-query_range=100');
  });
});
