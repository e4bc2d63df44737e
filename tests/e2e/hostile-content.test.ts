// A site built from content an attacker could commit and benchsite accepts (tests/fixtures/hostile/accepted:
// `<script>`, `"><img onerror>`, `javascript:` and the like in labels, test names, config values, host facts,
// notes, titles, post links and report Markdown): every page is loaded in headless Chromium and no script of
// the content runs. With the Content-Security-Policy switched off (bypassCSP), so that escaping alone is what
// is tested; then as published, with the policy on every page and nothing of the site's own refused by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { launchBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/build-site.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import { serveDir } from '../helpers/static-server.ts';

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-hostile-site-'));
const dist = join(tmp, 'dist');
let browser: Browser;
let server: Awaited<ReturnType<typeof serveDir>>;
let pages: string[];

beforeAll(async () => {
  cpSync(join(FIXTURES, 'hostile/accepted/content'), join(tmp, 'content'), { recursive: true });
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist], {
    cwd: ROOT,
    env: { ...process.env, BENCHSITE_CONTENT: join(tmp, 'content') },
    stdio: 'pipe',
  });
  pages = readdirSync(dist, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.html'))
    .map((f) => `/${f.replace(/index\.html$/, '')}`)
    .sort();
  const idOf = (label: string) =>
    readdirSync(join(dist, 'runs/sysbench/h1')).find((d) => d.startsWith(`20261122-${label}`))!;
  // The compare view draws its tables in the browser: with the hostile runs chosen.
  pages.push(
    `/compare/?benchmark=sysbench&base=${encodeURIComponent(`sysbench/h1/${idOf('b')}`)}&runs=${encodeURIComponent(`sysbench/h1/${idOf('a')}`)}`,
  );
  server = await serveDir(dist);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Open a page, let it settle (images fail, SVGs load, the compare view draws), and report what ran. */
async function visit(path: string, bypassCSP: boolean) {
  const context = await browser.newContext({ bypassCSP });
  const page: Page = await context.newPage();
  const dialogs: string[] = [];
  const refused: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${path}: ${d.type()} ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(`${path}: ${m.text()}`);
  });
  const response = await page.goto(server.url + path, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  // Nothing that could run later either: no event-handler attributes, no script URLs in any attribute.
  const active = await page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes]
        .filter(
          (a) =>
            /^on/i.test(a.name) ||
            (/^(href|src|action|formaction|xlink:href|srcdoc|data)$/i.test(a.name) &&
              /^\s*(javascript|data|vbscript):/i.test(a.value)),
        )
        .map((a) => `<${el.tagName.toLowerCase()} ${a.name}="${a.value}">`),
    ),
  );
  const csp = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  const text = await page.locator('body').innerText();
  await context.close();
  return { status: response?.status(), dialogs, refused, active, csp, text };
}

describe('a site built from hostile content', { timeout: 300_000 }, () => {
  it('has every kind of page', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        '/',
        '/compare/',
        '/reports/2026-11-22-hostile-sysbench/',
        '/reports/2026-03-16-hostile-hammerdb/',
        expect.stringMatching(/^\/runs\/sysbench\/h1\/20261122-a/),
        expect.stringMatching(/^\/runs\/hammerdb-tprocc\/pn53\//),
        expect.stringMatching(/^\/history\//),
      ]),
    );
  });

  it('runs no script of the content on any page, even without the Content-Security-Policy', async () => {
    const seen = [];
    for (const path of pages) seen.push(await visit(path, true));
    expect(seen.map((s) => s.status)).toEqual(pages.map(() => 200));
    expect(seen.flatMap((s) => s.dialogs)).toEqual([]);
    expect(seen.flatMap((s) => s.active)).toEqual([]);
    // The strings are there, as text.
    const report = seen[pages.indexOf('/reports/2026-11-22-hostile-sysbench/')]!.text;
    // (Markdown's smart punctuation curls the quotes.)
    expect(report).toMatch(/Raw HTML is shown as text: <script>alert\(.md script.\)<\/script>/);
    expect(report).toMatch(/\[click\]\(javascript:alert\(.md link.\)\)/);
    const run = seen[pages.findIndex((p) => p.startsWith('/runs/sysbench/h1/20261122-a'))]!.text;
    expect(run).toContain(`a<script>alert('script')</script>`);
  });

  it('carries the policy on every page, and the policy refuses nothing of the site itself', async () => {
    for (const path of pages) {
      const { dialogs, refused, csp } = await visit(path, false);
      expect(dialogs).toEqual([]);
      expect(refused).toEqual([]);
      expect(csp, path).toMatch(/script-src 'self'[^;]*;/);
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
    }
  });
});
