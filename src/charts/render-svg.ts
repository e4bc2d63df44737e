// vega-lite spec -> SVG text at build time, so charts read without JavaScript. Rendered charts are cached
// by the hash of their spec (in memory, and on disk for the next build).
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { describeChart } from './describe.ts';

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'benchsite', 'charts');
const memory = new Map<string, Promise<string>>();
/** Part of the cache key: bump when compact() or the rendering changes, so cached charts are drawn again. */
const RENDER_VERSION = 5;

/** Escape text for an XML attribute. */
function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

let renderer: Promise<[typeof import('vega-lite'), typeof import('vega')]> | undefined;

/**
 * vega and vega-lite, loaded when a chart is first drawn (a cached chart needs neither): loading them is a
 * quarter of a second, which the rebuild without Astro starts while it waits for its stat calls.
 */
export function loadChartRenderer(): Promise<[typeof import('vega-lite'), typeof import('vega')]> {
  renderer ??= Promise.all([import('vega-lite'), import('vega')]);
  return renderer;
}

/**
 * The strings of a spec as vega can take them: names are data, and vega is not written for every string. A
 * string that is a built-in property's name (a test named `constructor` or `toString` made vega throw "Operator
 * not defined" and stopped the build) gets a zero-width space after it, so the chart shows the same text and vega
 * sees a name no object has; U+2028 and U+2029, which vega's expressions take for line breaks (a test name with
 * one crashed the build; names may not hold them now, but annotations' text may), become spaces.
 */
export function vegaSafe<T>(value: T): T {
  if (typeof value === 'string') {
    const text = value.replace(/[\u2028\u2029]/g, ' ');
    return (text in Object.prototype || text in Function.prototype ? `${text}\u200b` : text) as T;
  }
  if (Array.isArray(value)) return value.map(vegaSafe) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, vegaSafe(v)])) as T;
  return value;
}

/** A chart drawn, without the caches: its ids are `<prefix>1`, `<prefix>2`... (see ownIds). */
export async function drawChart(spec: TopLevelSpec, prefix: string): Promise<string> {
  const [{ compile }, { parse, View }] = await loadChartRenderer();
  const safe = vegaSafe(spec);
  // No ARIA: vega would build an aria-label for every mark (each datum's values formatted), which compact()
  // removes again; a quarter of a chart's time went there. The SVG is the same without it.
  const view = new View(parse(compile({ ...safe, config: { ...safe.config, aria: false } }).spec), {
    renderer: 'none',
  });
  try {
    return ownIds(compact(await view.toSVG()), prefix);
  } finally {
    view.finalize();
  }
}

/**
 * Vega numbers the ids of clip paths (`clip1`, `clip2` ...) with a counter of the process, so a chart's ids
 * depended on how many charts the process had drawn before it: a build with a warm cache (charts drawn by an
 * earlier process, in another order) made other pages than a cold one, and two charts of one page could share an
 * id. Each id becomes the chart's own, from the hash of its spec, numbered in order of appearance.
 */
export function ownIds(svg: string, prefix: string): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/ id="([^"]+)"/g)) if (!ids.has(m[1]!)) ids.set(m[1]!, `${prefix}${ids.size + 1}`);
  if (!ids.size) return svg;
  return svg.replace(/( id="|url\(#|href="#)([^")]+)/g, (whole, lead: string, id: string) =>
    ids.has(id) ? `${lead}${ids.get(id)}` : whole,
  );
}

/**
 * Attribute values (each `="..."`, as a regex would find them left to right) with their decimals cut to one:
 * coordinates only, so a label's text such as 0.95 stays as it is. A loop over indexOf, since a chart has
 * thousands of attributes and most have nothing to cut: a regex with a callback for each took 4 ms a chart.
 */
export function roundAttributes(svg: string): string {
  let out = '';
  let last = 0;
  for (let i = svg.indexOf('="'); i !== -1;) {
    const start = i + 2;
    const end = svg.indexOf('"', start);
    if (end === -1) break;
    const value = svg.slice(start, end);
    if (LONG_DECIMAL.test(value)) {
      out += svg.slice(last, start) + value.replace(/(\d+\.\d)\d+/g, '$1');
      last = end;
    }
    i = svg.indexOf('="', end + 1);
  }
  return last ? out + svg.slice(last) : svg;
}
const LONG_DECIMAL = /\d\.\d\d/;

/** The value of `name` that most elements carry, with how many carry it. */
function commonest(svg: string, name: string): string | undefined {
  const counts = new Map<string, number>();
  for (const m of svg.matchAll(new RegExp(` ${name}="([^"]*)"`, 'g'))) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * Vega's SVG carries attributes for its own interaction (classes, roles, aria on every group), long
 * decimals in coordinates, attributes set to their defaults, and the same font on every label; a static page needs none
 * of that. Dropping it, rounding to one decimal and setting the font once on the <svg> (text inherits it;
 * vega sets these on every text) roughly halves a chart, which is what keeps a report page under 100 KB.
 */
export function compact(svg: string): string {
  let out = svg
    // Vega labels every mark and axis (aria-label, with the data's values at full precision): inside an
    // <svg role="img"> they are presentational and never read, and the figure's table holds the values.
    .replace(/ (class|role|aria-roledescription|aria-label|aria-hidden|pointer-events)="[^"]*"/g, '');
  out = roundAttributes(out)
    .replace(/<path d="M0,0h0v0h0Z"\/>/g, '')
    .replace(/<path d="" display="none"\/>/g, '')
    .replace(/ opacity="1"/g, '')
    .replace(/ transform="translate\(0,0\)"/g, '');
  for (const name of ['font-family', 'font-size']) {
    const value = commonest(out, name);
    if (value === undefined) continue;
    out = out
      .split(` ${name}="${value}"`)
      .join('')
      .replace(/^<svg /, `<svg ${name}="${value}" `);
  }
  return out;
}

/**
 * Render a chart. `label` and what the chart shows in words (describe.ts: its axes, series, lowest and highest
 * values) become the SVG's accessible name (the figure caption says what it is for readers); the SVG scales
 * down to narrow screens.
 */
export function renderSvg(spec: TopLevelSpec, title: string): Promise<string> {
  const label = `${title.replace(/\.$/, '')}. ${describeChart(spec)}`.replace(/\. $/, '.');
  const key = createHash('sha256')
    .update(`${RENDER_VERSION}\n`)
    .update(JSON.stringify(spec))
    .update(label)
    .digest('hex')
    .slice(0, 32);
  let svg = memory.get(key);
  if (!svg) {
    svg = (async () => {
      const file = join(CACHE_DIR, `${key}.svg`);
      try {
        return await readFile(file, 'utf8');
      } catch {
        // not cached yet
      }
      const raw = await drawChart(spec, `c${key.slice(0, 8)}-`);
      const out = raw.replace(
        '<svg ',
        `<svg role="img" aria-label="${attr(label)}" style="max-width:100%;height:auto" `,
      );
      // (the accessible name is added after compact(), which drops vega's own roles)
      await mkdir(CACHE_DIR, { recursive: true });
      await writeFile(file, out);
      return out;
    })();
    memory.set(key, svg);
  }
  return svg;
}
