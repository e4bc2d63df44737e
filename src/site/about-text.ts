// The about page's text (content/site.yaml `about:`): Markdown with the rules of a report's prose
// (src/site/markdown.ts: raw HTML shown as text, links and images through the allow-list), no placeholders.
import { markdownToHtml } from 'satteri';
import { markdownPlugins, rootPathsUnder } from './markdown.ts';

export function aboutHtml(markdown: string, base: string): string {
  const out = markdownToHtml(markdown, {
    mdastPlugins: markdownPlugins.mdastPlugins,
    hastPlugins: [...markdownPlugins.hastPlugins, ...(base === '/' ? [] : [rootPathsUnder(base)])],
    features: { gfm: true, smartPunctuation: true },
  });
  if (out instanceof Promise) throw new Error('the about page Markdown plugins must be synchronous');
  return out.html;
}
