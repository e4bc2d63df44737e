// /feed.xml: the Atom feed of the reports (src/site/feed.ts), built when content/site.yaml has the site's `url`
// and there is a report to list.
import type { APIRoute } from 'astro';
import { reportEntries } from '../site/report-entries.ts';
import { atomFeed, hasFeed } from '../site/feed.ts';
import { siteConfig } from '../site/site-config.ts';
import { homeUrl } from '../site/urls.ts';

export async function getStaticPaths() {
  return hasFeed(siteConfig(), await reportEntries()) ? [{ params: { feed: 'feed' } }] : [];
}

export const GET: APIRoute = async () => {
  const site = siteConfig();
  return new Response(atomFeed({ ...site, url: site.url! }, await reportEntries(), homeUrl()), {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' },
  });
};
