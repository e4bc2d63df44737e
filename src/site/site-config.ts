// The site's settings (content/site.yaml, src/schemas/site-config.ts) for pages: read once per build. A bad file
// stops the build with the lines `benchsite validate` prints (the contentFiles integration checks it before
// Astro reads anything; this is the same check for the dev server).
import { contentError, shownText } from '../runs/problems.ts';
import { readSiteConfig, type SiteSettings } from '../runs/read-site-config.ts';
import { CONTENT_DIR } from './content-dirs.ts';

let loaded: SiteSettings | undefined;

export function siteConfig(): SiteSettings {
  if (!loaded) {
    const r = readSiteConfig(CONTENT_DIR);
    if (r.problems.length) throw contentError(`${CONTENT_DIR}/`, r.problems.map(shownText));
    loaded = r.value;
  }
  return loaded;
}
