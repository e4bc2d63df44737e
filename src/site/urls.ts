// Stable URLs of the site: pages and their addresses are listed in README.md, "The site".
const base = () => import.meta.env.BASE_URL.replace(/\/?$/, '/');

export const runUrl = (id: string) => `${base()}runs/${id}/`;
export const reportUrl = (slug: string) => `${base()}reports/${slug}/`;
export const homeUrl = () => base();
export const hostUrl = (benchmark: string, host: string) => `${base()}hosts/${benchmark}/${host}/`;
export const historyUrl = (benchmark: string, host: string, product: string) =>
  `${base()}history/${benchmark}/${host}/${product}/`;
export const historyIndexUrl = () => `${base()}history/`;
