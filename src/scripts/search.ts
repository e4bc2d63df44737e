// The search page: Pagefind's interface over the index in /pagefind/ (src/site/search/index-site.ts), whose
// result links are paths from the site's root, put under the base the page is served at. `?q=` starts a search.
interface PagefindUIInstance {
  triggerSearch(term: string): void;
}
type PagefindUIConstructor = new (options: Record<string, unknown>) => PagefindUIInstance;

const element = document.getElementById('search');
const ui = (window as unknown as { PagefindUI?: PagefindUIConstructor }).PagefindUI;

if (element && ui) {
  const base = element.dataset.base ?? '/';
  const search = new ui({
    element: '#search',
    bundlePath: `${base}pagefind/`,
    baseUrl: base,
    showSubResults: true,
    showImages: false,
    pageSize: 10,
    // Filter values with no result for the words searched are left out (a site has dozens of versions).
    showEmptyFilters: false,
  });
  document.getElementById('search-needs-js')?.remove();
  const q = new URLSearchParams(location.search).get('q');
  if (q) search.triggerSearch(q);
}
