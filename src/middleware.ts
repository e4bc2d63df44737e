// Every page gets an id and a link on every h2, h3 and h4 once the whole page is put together
// (src/site/heading-anchors.ts). The pages made without Astro (run pages, and the host, history and index pages
// the rebuild without Astro writes) get the same from fillShell (src/site/run-page/shell.ts), so the two builds
// write the same bytes. The run page shell is noted as soon as it is built (run-page/shell.ts: the build makes run
// pages in it while Astro builds the others).
import { defineMiddleware } from 'astro:middleware';
import { anchorHeadings } from './site/heading-anchors.ts';
import { noteShell } from './site/run-page/shell.ts';

// A page's path ends in / (or index.html); an endpoint's names its file (feed.xml, a CSV, an attachment), whose
// bytes must pass untouched.
const PAGE = /(\/|\.html)$/;

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!PAGE.test(context.url.pathname)) return response;
  if (!(response.headers.get('content-type') ?? 'text/html').includes('text/html')) return response;
  const html = anchorHeadings(await response.text());
  noteShell(context.url.pathname, html);
  return new Response(html, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
