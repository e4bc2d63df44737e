// The Markdown pipeline of reports (content/reports/*.md), for `satteri()` in astro.config.mjs. A report may come
// from anyone's pull request, so its Markdown is text and links, never markup:
// - raw HTML (`<script>`, `<img onerror>`, any tag) is shown as the text it is, not parsed;
// - a link keeps its href only when src/site/safe-url.ts allows it (http(s) or a relative path): a
//   `javascript:` link is shown as its text;
// - an image is an http(s) URL or a path from the site's root: a relative path is never resolved, so no file
//   beside (or above) the report is read because the report names it.
// Add plugins to the lists below. A plugin that makes HTML must make HTML nodes (elements), not raw HTML:
// raw nodes are shown as text.
import type { HastPluginDefinition, MdastPluginDefinition } from 'satteri';
import { isHttpUrl } from '../schemas/index.ts';
import { safeHref } from './safe-url.ts';

/** An image source the site may show: an http(s) URL or a path from the site's root, not a file beside the report. */
const imageAllowed = (src: unknown): boolean =>
  typeof src === 'string' && (isHttpUrl(src) || (src.startsWith('/') && safeHref(src) !== undefined));

/** Images with other sources become their alt text, before Astro collects local images to import. */
const imagesFromAllowList: MdastPluginDefinition = {
  name: 'benchsite-images-from-allow-list',
  image(node, ctx) {
    if (!imageAllowed(node.url)) ctx.replaceNode(node, { type: 'text', value: node.alt ?? '' });
  },
};

/** Raw HTML as text. */
const rawHtmlAsText: HastPluginDefinition = {
  name: 'benchsite-raw-html-as-text',
  raw(node, ctx) {
    ctx.replaceNode(node, { type: 'text', value: node.value });
  },
};

/** Links and images (reference-style ones too) through the allow-list. */
const linksFromAllowList: HastPluginDefinition = {
  name: 'benchsite-links-from-allow-list',
  element: {
    filter: ['a', 'img'],
    visit(node, ctx) {
      if (node.tagName === 'a') {
        const href = node.properties.href;
        if (href !== undefined && safeHref(String(href)) === undefined) ctx.setProperty(node, 'href', undefined);
      } else if (!imageAllowed(node.properties.src)) {
        ctx.replaceNode(node, { type: 'text', value: String(node.properties.alt ?? '') });
      }
    },
  },
};

/** The plugin lists of report Markdown. */
export const markdownPlugins = {
  mdastPlugins: [imagesFromAllowList],
  hastPlugins: [rawHtmlAsText, linksFromAllowList],
};
