// The built site (dist/) served on loopback and opened in headless Chromium, for one browser test file:
// registers its own beforeAll/afterAll, so a test only opens pages.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright';
import { launchBrowser } from './browser.ts';
import { buildSite } from './build-site.ts';
import { serveDir } from './static-server.ts';

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  response: Response | null;
}

export function siteInBrowser() {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveDir>>;
  beforeAll(async () => {
    server = await serveDir(buildSite());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    /** Base URL of the served site, e.g. `http://127.0.0.1:40123`. */
    url: () => server.url,
    /** A new page in a fresh context at `path`; close the context when done. */
    async open(path: string, opts: { javaScriptEnabled?: boolean } = {}): Promise<OpenedPage> {
      const context = await browser.newContext({ javaScriptEnabled: opts.javaScriptEnabled ?? true });
      const page = await context.newPage();
      const response = await page.goto(server.url + path);
      return { page, context, response };
    },
  };
}
