// Report pages (and their steps pages) get an id and a link on every h2/h3 once the whole page is put together
// (src/site/heading-anchors.ts). Only report pages: the pages the rebuild without Astro writes (run, host and
// history pages) never pass through here, so they must not differ from a full build's.
import { defineMiddleware } from 'astro:middleware';
import { anchorHeadings } from './site/heading-anchors.ts';

const REPORT_PAGE = /\/reports\/[^/]+\/(steps\/)?(index\.html)?$/;

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (!REPORT_PAGE.test(context.url.pathname)) return response;
  if (!(response.headers.get('content-type') ?? 'text/html').includes('text/html')) return response;
  return new Response(anchorHeadings(await response.text()), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
});
