// Stable URLs of the site: pages and their addresses are listed in docs/site.md. `siteUrls(base)` is
// for code that runs outside Astro (the rebuild without Astro, bin/build.js), which has no import.meta.env.
const base = () => import.meta.env.BASE_URL.replace(/\/?$/, '/');

export function siteUrls(base: string) {
  return {
    home: () => base,
    run: (id: string) => `${base}runs/${id}/`,
    report: (slug: string) => `${base}reports/${slug}/`,
    host: (benchmark: string, host: string) => `${base}hosts/${benchmark}/${host}/`,
    history: (benchmark: string, host: string, product: string) => `${base}history/${benchmark}/${host}/${product}/`,
    historyIndex: () => `${base}history/`,
  };
}

export const runUrl = (id: string) => siteUrls(base()).run(id);
export const reportUrl = (slug: string) => siteUrls(base()).report(slug);
export const homeUrl = () => base();
