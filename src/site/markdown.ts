// The Markdown pipeline of reports (content/reports/*.md), for `satteri()` in astro.config.mjs. A report may come
// from anyone's pull request, so its Markdown is text and links, never markup:
// - raw HTML (`<script>`, `<img onerror>`, any tag) is shown as the text it is, not parsed;
// - a link keeps its href only when src/site/safe-url.ts allows it (http(s) or a relative path): a
//   `javascript:` link is shown as its text;
// - an image is an http(s) URL or a path from the site's root: a relative path is never resolved, so no file
//   beside (or above) the report is read because the report names it.
// - a `{{ expression }}` placeholder becomes a text node holding its computed value (escaped like any text),
//   never markup; report pages render their prose with renderReportMarkdown() below, which adds that plugin.
// Add plugins to the lists below. A plugin that makes HTML must make HTML nodes (elements), not raw HTML:
// raw nodes are shown as text.
import { markdownToHtml, type HastPluginDefinition, type MdastContent, type MdastPluginDefinition } from 'satteri';
import { isHttpUrl } from '../schemas/index.ts';
import { lineColumn } from '../runs/problems.ts';
import { safeHref } from './safe-url.ts';
import { escapedIn, smartPunctuation } from './smart-punctuation.ts';
import { MAX_PLACEHOLDER_CHARS, MAX_PLACEHOLDERS, scanPlaceholders } from '../analysis/placeholder-scan.ts';
import { headingsPlugin, repeatedHeadings, type ProseHeading } from './markdown-headings.ts';

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

/**
 * Links and images written as paths from the site's root (`/runs/...`, `/img/x.png`) under the base the site is
 * built for (`/pr-7/runs/...`), so a report reads the same in a preview or project site under a sub-path.
 */
export function rootPathsUnder(base: string): HastPluginDefinition {
  const under = (v: unknown) =>
    typeof v === 'string' && v.startsWith('/') && !v.startsWith('//') ? base.replace(/\/?$/, '') + v : undefined;
  return {
    name: 'benchsite-root-paths-under-base',
    element: {
      filter: ['a', 'img'],
      visit(node, ctx) {
        const name = node.tagName === 'a' ? 'href' : 'src';
        const moved = under(node.properties[name]);
        if (moved !== undefined) ctx.setProperty(node, name, moved);
      },
    },
  };
}

/** The plugin lists of report Markdown. */
export const markdownPlugins = {
  mdastPlugins: [imagesFromAllowList],
  hastPlugins: [rawHtmlAsText, linksFromAllowList],
  // satteri's smart punctuation pairs quotes in quadratic time and memory (and aborted the process on 148 KB of
  // `x "`): report prose gets its typography from smart-punctuation.ts in placeholderPlugin instead.
  features: { gfm: true, smartPunctuation: false },
};

/** A placeholder that did not render: where in the report file, its source, what is wrong, what would resolve. */
export interface PlaceholderProblem {
  line: number;
  column: number;
  source: string;
  message: string;
  suggestions: string[];
  /** What to do, when it is not "fix the placeholder". */
  hint?: string;
}

/** What a placeholder renders to: its text, or its text and a note (a claim that differs from the author's words). */
export type Rendered = string | { text: string; note?: string };

/**
 * Placing the report's tables and charts in the prose (src/site/report-placement.ts): which placeholders are
 * directives, and the marker number of the part one places (throws an error with `suggestions` when it cannot).
 */
export interface PartPlacer {
  isDirective(source: string): boolean;
  place(source: string, line: number): number;
}

/** After this many problems in a report, its other placeholders are not evaluated (each failure computes
 * suggestions, and a hostile report may hold thousands). */
export const MAX_PLACEHOLDER_PROBLEMS = 100;

/** Markdown backslash escapes (`\_`) as the characters they stand for, in a placeholder's raw source. */
const unescapeMarkdown = (s: string) => s.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/**
 * `{{ ... }}` in text nodes replaced by `render(source)`. The expression is read from the raw Markdown (the text
 * node has smart quotes and dashes already); the words around it keep the node's text. A placeholder must sit
 * in one run of plain text: `{{` with no `}}` after it there is a problem, so is any thrown error of `render`
 * (with `suggestions` when it has them). `lineOffset` is the number of lines before the body (the frontmatter).
 * A report holds at most MAX_PLACEHOLDERS of at most MAX_PLACEHOLDER_CHARS each.
 */
function placeholderPlugin(
  body: string,
  lineOffset: number,
  render: (source: string) => Rendered,
  problems: PlaceholderProblem[],
  placer?: PartPlacer,
): MdastPluginDefinition {
  const at = (offset: number) => {
    const lc = lineColumn(body, offset);
    return { line: lc.line + lineOffset, column: lc.column };
  };
  let count = 0;
  let unchecked = 0;
  const evaluate = (src: string, offset: number, whole: string): Rendered | undefined => {
    if (++count > MAX_PLACEHOLDERS) {
      if (count === MAX_PLACEHOLDERS + 1)
        problems.push({
          ...at(offset),
          source: whole,
          message: `the report holds more than ${MAX_PLACEHOLDERS} placeholders: this one and those after it are not computed`,
          suggestions: [],
        });
      return undefined;
    }
    if (problems.length >= MAX_PLACEHOLDER_PROBLEMS) {
      if (!unchecked++)
        problems.push({
          ...at(offset),
          source: whole,
          message: `${MAX_PLACEHOLDER_PROBLEMS} problems already: this placeholder and those after it are not checked`,
          suggestions: [],
        });
      return undefined;
    }
    if (src.length > MAX_PLACEHOLDER_CHARS) {
      problems.push({
        ...at(offset),
        source: whole,
        message: `a placeholder of ${src.length} characters: at most ${MAX_PLACEHOLDER_CHARS} (is a "}}" missing?)`,
        suggestions: [],
      });
      return undefined;
    }
    try {
      return render(unescapeMarkdown(src));
    } catch (e) {
      problems.push({
        ...at(offset),
        source: whole,
        message: (e as Error).message,
        suggestions: (e as { suggestions?: string[] }).suggestions ?? [],
      });
      return undefined;
    }
  };
  return {
    name: 'benchsite-placeholders',
    options: { position: true },
    text(node, ctx) {
      const value = node.value;
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? start;
      const raw = node.position ? body.slice(start, end) : value;
      // Typography of the text from..to of the value, with the characters around it in the source.
      let literal: Uint8Array | undefined | null = null;
      const typo = (from: number, to: number) => {
        if (literal === null) literal = escapedIn(value, raw);
        return smartPunctuation(
          value.slice(from, to),
          from > 0 ? value[from - 1]! : start > 0 ? body[start - 1]! : '',
          to < value.length ? value[to]! : (body[end] ?? ''),
          literal?.subarray(from, to),
        );
      };
      if (!value.includes('{{')) {
        // An autolink's text is its address: left as written.
        if ((body[start - 1] === '<' && body[end] === '>') || /^(?:https?:\/\/|www\.|mailto:)\S*$/.test(raw)) return;
        const shown = typo(0, value.length);
        if (shown !== value) ctx.replaceNode(node, [{ type: 'text', value: shown }]);
        return;
      }
      const shown = scanPlaceholders(value);
      const sources = scanPlaceholders(raw);
      if (shown.unclosed >= 0 || shown.found.length !== sources.found.length) {
        const i = Math.max(0, sources.unclosed);
        problems.push({
          ...at(start + i),
          source: raw.slice(i, i + 40),
          message: '"{{" without "}}" in the same run of text (a placeholder holds no Markdown: no *, ` or links)',
          suggestions: [],
        });
        return;
      }
      const directive = sources.found.find((f) => placer?.isDirective(unescapeMarkdown(f.source)));
      if (directive) {
        // A directive is a paragraph of its own, which becomes the marker of the part it places.
        const paragraph = ctx.parent(node);
        const whole = raw.slice(directive.index, directive.end);
        const where = at(start + directive.index);
        const alone = sources.found.length === 1 && paragraph?.type === 'paragraph' && paragraph.children.length === 1;
        if (!alone || raw.trim() !== whole) {
          problems.push({
            ...where,
            source: whole,
            message:
              'table(), chart() and summary() stand alone in a paragraph of their own (a blank line before and after)',
            suggestions: [],
          });
          return;
        }
        try {
          const n = placer!.place(unescapeMarkdown(directive.source), where.line);
          ctx.replaceNode(paragraph, {
            type: 'paragraph',
            data: { hName: 'div', hProperties: { 'data-benchsite-place': String(n) } },
            children: [],
          });
        } catch (e) {
          problems.push({
            ...where,
            source: whole,
            message: (e as Error).message,
            suggestions: (e as { suggestions?: string[] }).suggestions ?? [],
          });
        }
        return;
      }
      // The text, and after it, in emphasis, the notes of claims that differ from the author's numbers (at the end
      // of the run of text, so the sentence around the value reads on).
      const notes: string[] = [];
      let out = '';
      let last = 0;
      shown.found.forEach((m, i) => {
        const src = sources.found[i]!;
        const whole = raw.slice(src.index, src.end);
        const r = evaluate(src.source, start + src.index, whole);
        out += typo(last, m.index) + (r ? (typeof r === 'string' ? r : r.text) : value.slice(m.index, m.end));
        if (r && typeof r !== 'string' && r.note) notes.push(r.note);
        last = m.end;
      });
      out += typo(last, value.length);
      const nodes: MdastContent[] = [{ type: 'text', value: notes.length ? `${out} ` : out }];
      if (notes.length)
        nodes.push({
          type: 'emphasis',
          data: { hProperties: { className: ['claim-note'] } },
          children: [{ type: 'text', value: `(${notes.join('; ')})` }],
        });
      ctx.replaceNode(node, nodes);
    },
  };
}

/**
 * A report's prose as HTML, with the site's Markdown rules and its placeholders rendered. `body` is the
 * Markdown after the frontmatter, `lineOffset` the lines before it in the file (for the problems' lines), `base`
 * the path the site is built under.
 */
export function renderReportMarkdown(
  body: string,
  lineOffset: number,
  render: (source: string) => Rendered,
  base = '/',
  placer?: PartPlacer,
): { html: string; problems: PlaceholderProblem[]; headings: string[] } {
  const problems: PlaceholderProblem[] = [];
  const headings: ProseHeading[] = [];
  const out = markdownToHtml(body, {
    mdastPlugins: [placeholderPlugin(body, lineOffset, render, problems, placer), ...markdownPlugins.mdastPlugins],
    hastPlugins: [
      ...markdownPlugins.hastPlugins,
      ...(base === '/' ? [] : [rootPathsUnder(base)]),
      headingsPlugin(body, lineOffset, headings),
    ],
    features: markdownPlugins.features,
  });
  // Every plugin here is synchronous, so satteri returns the result itself.
  if (out instanceof Promise) throw new Error('report Markdown plugins must be synchronous');
  problems.push(...repeatedHeadings(headings));
  return { html: out.html, problems, headings: headings.map((h) => h.text) };
}
