// The README and docs link to files that exist and to headings those files have (GitHub's heading ids, which the
// site's /docs/ pages use too: src/site/docs.ts), and every doc page is reachable from the docs' index.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { githubSlug } from '../../../src/site/docs.ts';
import { ROOT } from '../../helpers/build-site.ts';

const docFiles = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);
const FILES = ['README.md', ...docFiles];

/** The Markdown outside fenced code blocks and code spans. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The ids GitHub gives a file's headings. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  for (const m of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*$/gm)) {
    const words = m[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = githubSlug(words);
    const n = seen.get(slug);
    seen.set(slug, (n ?? -1) + 1);
    out.add(n === undefined ? slug : `${slug}-${n + 1}`);
  }
  return out;
}

function links(file: string): string[] {
  const text = prose(readFileSync(join(ROOT, file), 'utf8'));
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

describe('the README and docs/', () => {
  it('link to files that exist and headings they have', () => {
    const broken: string[] = [];
    for (const file of FILES) {
      for (const href of links(file)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
        const [path, anchor] = href.split('#') as [string, string | undefined];
        const target = path === '' ? file : normalize(join(dirname(file), path));
        if (relative(ROOT, join(ROOT, target)).startsWith('..') || !existsSync(join(ROOT, target))) {
          broken.push(`${file}: ${href}: no such file`);
          continue;
        }
        const page = target.endsWith('/') || !target.endsWith('.md') ? join(target, 'README.md') : target;
        if (anchor !== undefined && page.endsWith('.md') && existsSync(join(ROOT, page)) && !anchors(page).has(anchor))
          broken.push(`${file}: ${href}: no heading #${anchor} in ${page}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only files and folders of the repository that exist (in code spans: `collectors/lib/redact.ts`)', () => {
    // Format notes cite other repositories' files, and `bench/...` in the guides is mytools'; `examples/demo/` is
    // made by `benchsite init`.
    const TOP = /^(?:bin|collectors|benchmarks|src|scripts|tests|examples|public|content|docs|fuzz|\.github|\.ci)\//;
    const missing: string[] = [];
    for (const file of FILES.filter((f) => !f.startsWith('docs/formats/'))) {
      const text = readFileSync(join(ROOT, file), 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
      for (const m of text.matchAll(/`([^`\s]+)`/g)) {
        const path = m[1]!.replace(/[.,:;)]+$/, '');
        // Paths with placeholders (`content/runs/<benchmark>/...`, `*.md`, `{a,b}`) name a kind of file.
        if (!TOP.test(path) || /[<>*{}$]/.test(path) || path.includes('...') || path === 'examples/demo/') continue;
        if (!existsSync(join(ROOT, path))) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every doc is linked from the docs index (a format note from its folder index)', () => {
    const linked = (index: string) =>
      new Set(links(index).map((h) => normalize(join(dirname(index), h.split('#')[0]!))));
    const fromIndex = linked('docs/README.md');
    const fromFormats = linked('docs/formats/README.md');
    const orphans = docFiles.filter(
      (f) => f !== 'docs/README.md' && !fromIndex.has(f) && !(f.startsWith('docs/formats/') && fromFormats.has(f)),
    );
    expect(orphans).toEqual([]);
  });

  it('the README stays a short guide with the quick start', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(20_000);
    expect(readme).toContain('npm ci');
    expect(readme).toContain('npm test');
  });
});
