// Headless Chromium for browser tests: Debian's /usr/bin/chromium when it is there (this project's CI
// machine cannot download Playwright's browser), else Playwright's own. A missing browser fails the test.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = SYSTEM_CHROMIUM.find((p) => existsSync(p));
  try {
    return await chromium.launch({ executablePath, args: ARGS, headless: true });
  } catch (e) {
    throw new Error(
      `No headless Chromium could be started (${(e as Error).message.split('\n')[0]}). ` +
        'Install one: `apt-get install -y chromium` (Debian/Ubuntu) or `npx playwright install chromium`.',
      { cause: e },
    );
  }
}
