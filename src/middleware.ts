// Every page gets an id and a link on every h2, h3 and h4 once the whole page is put together
// (src/site/heading-anchors.ts). The pages made without Astro (run pages, and the host, history and index pages
// the rebuild without Astro writes) get the same from fillShell (src/site/run-page/shell.ts), so the two builds
// write the same bytes.
import { defineMiddleware } from 'astro:middleware';
import { anchorHeadings } from './site/heading-anchors.ts';

// A page's path ends in / (or index.html); an endpoint's names its file (feed.xml, a CSV, an attachment), whose
// bytes must pass untouched.
const PAGE = /(\/|\.html)$/;

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!PAGE.test(context.url.pathname)) return response;
  if (!(response.headers.get('content-type') ?? 'text/html').includes('text/html')) return response;
  return new Response(anchorHeadings(await response.text()), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
