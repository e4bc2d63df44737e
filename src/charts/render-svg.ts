// vega-lite spec -> SVG text at build time, so charts read without JavaScript. Rendered charts are cached
// by the hash of their spec (in memory, and on disk for the next build).
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compile, type TopLevelSpec } from 'vega-lite';
import { parse, View } from 'vega';

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'benchsite', 'charts');
const memory = new Map<string, Promise<string>>();

/** Escape text for an XML attribute. */
function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

async function renderUncached(spec: TopLevelSpec): Promise<string> {
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return compact(await view.toSVG());
  } finally {
    view.finalize();
  }
}

/**
 * Vega's SVG carries attributes for its own interaction (classes, roles, aria on every group) and long
 * decimals; a static page needs neither. Dropping them and rounding to one decimal roughly halves it.
 */
export function compact(svg: string): string {
  return svg
    .replace(/ (class|role|aria-roledescription|aria-hidden|pointer-events)="[^"]*"/g, '')
    .replace(/(\d+\.\d)\d+/g, '$1')
    .replace(/<path d="M0,0h0v0h0Z"\/>/g, '');
}

/**
 * Render a chart. `label` becomes the SVG's accessible name (the figure caption says the same for readers);
 * the SVG scales down to narrow screens.
 */
export function renderSvg(spec: TopLevelSpec, label: string): Promise<string> {
  const key = createHash('sha256').update(JSON.stringify(spec)).update(label).digest('hex').slice(0, 32);
  let svg = memory.get(key);
  if (!svg) {
    svg = (async () => {
      const file = join(CACHE_DIR, `${key}.svg`);
      try {
        return await readFile(file, 'utf8');
      } catch {
        // not cached yet
      }
      const raw = await renderUncached(spec);
      const out = raw.replace('<svg ', `<svg role="img" aria-label="${attr(label)}" style="max-width:100%;height:auto" `);
      // (the accessible name is added after compact(), which drops vega's own roles)
      await mkdir(CACHE_DIR, { recursive: true });
      await writeFile(file, out);
      return out;
    })();
    memory.set(key, svg);
  }
  return svg;
}
