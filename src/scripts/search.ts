// The search page: Pagefind's interface over the index of reports and pages in /pagefind/
// (src/site/search/index-site.ts), whose result links are paths from the site's root, put under the base the page
// is served at; runs, host pages and histories are found by the filter below it (find-runs.ts), which gets the
// same words. `?q=` starts a search.
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
  // Pagefind's form stops its own submit; its action="javascript:void(0)" is a script URL no page of the site has.
  element.querySelector('form.pagefind-ui__form')?.removeAttribute('action');
  // Pagefind's words box has a placeholder only: the page's own label names it.
  const input = element.querySelector<HTMLInputElement>('input.pagefind-ui__search-input');
  const label = document.querySelector<HTMLLabelElement>('label.search-label');
  if (input && label) {
    input.id = 'search-input';
    label.hidden = false;
  }
  // The words go to the filter of runs below too (find-runs.ts), so one box searches both.
  const runWords = document.querySelector<HTMLInputElement>('#find input[name="q"]');
  input?.addEventListener('input', () => {
    if (!runWords) return;
    runWords.value = input.value;
    runWords.form?.dispatchEvent(new Event('input'));
  });
  const q = new URLSearchParams(location.search).get('q');
  if (q) search.triggerSearch(q);
}
