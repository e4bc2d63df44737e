// Stable URLs of the site (design.md "Site").
const base = () => import.meta.env.BASE_URL.replace(/\/?$/, '/');

export const runUrl = (id: string) => `${base()}runs/${id}/`;
export const reportUrl = (slug: string) => `${base()}reports/${slug}/`;
export const homeUrl = () => base();
export const historyUrl = (k: { benchmark: string; host: string; product: string }) =>
  `${base()}history/${k.benchmark}/${k.host}/${k.product}/`;
export const historyIndexUrl = () => `${base()}history/`;
