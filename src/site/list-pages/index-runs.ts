// The part of the index page that lists runs (the history line, the run count, the search form's choices and
// one row per benchmark and host), between marker comments: the rebuild without Astro (src/site/fast-build/)
// puts a new one in place of the old in dist/index.html. Plain HTML (see host-page.ts).
import { plural } from '../format.ts';
import { historyKeys } from '../../analysis/history.ts';
import { anchorHeadings } from '../heading-anchors.ts';
import { html, raw, type Html } from '../html.ts';
import { hostGroups } from '../run-groups.ts';
import type { SiteRunSummary } from '../summaries.ts';
import { siteUrls } from '../urls.ts';

export const INDEX_RUNS_START = '<!--benchsite:index-runs-->';
export const INDEX_RUNS_END = '<!--/benchsite:index-runs-->';

export function indexRunsPart(runs: SiteRunSummary[], base: string): Html {
  const url = siteUrls(base);
  if (runs.length === 0)
    return html`${raw(INDEX_RUNS_START)}<h2 id="runs">Runs</h2><p class="muted">No runs yet: <code>npx benchsite harvest</code> or <code>npx benchsite run</code> writes them to <code>content/runs/</code>.</p>${raw(INDEX_RUNS_END)}`;
  const groups = hostGroups(runs);
  const benchmarks = [...new Set(runs.map((r) => r.summary.benchmark))].sort();
  const hosts = [...new Set(runs.map((r) => r.summary.host.name))].sort();
  const products = [...new Set(runs.map((r) => r.summary.dbms.product ?? ''))].filter(Boolean).sort();
  return html`${raw(INDEX_RUNS_START)}<h2 id="history">History</h2><p><a href="${url.historyIndex()}">Each product's versions on each host</a> <span class="small muted">(${historyKeys(runs).length} histories: every version relative to the oldest and to the one before, over time, with the host's annotations)</span></p><h2 id="runs">Runs</h2><p class="small muted">${plural(runs.length, 'run')} of ${plural(benchmarks.length, 'benchmark')} on ${plural(hosts.length, 'host')}. Each host's page lists its runs; each product's history shows its versions side by side.</p>${findForm(base, { benchmarks, hosts, products })}<div id="found"></div><div class="table-wrap"><table class="runs"><thead><tr><th>benchmark</th><th>host</th><th class="num">runs</th><th>dates</th><th>DBMS (runs), history by version</th></tr></thead><tbody>${groups.map(
    (g) =>
      html`<tr><td>${g.benchmark}</td><td><a href="${url.host(g.benchmark, g.host)}">${g.host}</a></td><td class="num">${g.count}</td><td class="small">${g.first === g.last ? g.first : `${g.first} to ${g.last}`}</td><td class="small">${g.products.map(
        (p, i) =>
          html`${i > 0 && ', '}${p.history ? html`<a href="${url.history(g.benchmark, g.host, p.product)}">${p.product}</a>` : p.product} (${p.count})`,
      )}</td></tr>`,
  )}</tbody></table></div>${raw(INDEX_RUNS_END)}`;
}

/**
 * The filter of runs (src/scripts/find-runs.ts), hidden until its script runs. `choices` fill its selects; without
 * them (the search page, which is built without the runs) the script fills them from /data/runs/index.json, and
 * `pages` has it list the host and history pages found too.
 */
export function findForm(
  base: string,
  choices: { benchmarks: string[]; hosts: string[]; products: string[] } = { benchmarks: [], hosts: [], products: [] },
  pages = false,
): Html {
  const options = (values: string[]) => values.map((v) => html`<option>${v}</option>`);
  return html`<form id="find" class="small" hidden data-base="${siteUrls(base).home()}"${pages && raw(' data-pages')}><label>Search <input name="q" type="search" placeholder="label, version, config..."></label><label>Benchmark <select name="benchmark"><option value="">any</option>${options(choices.benchmarks)}</select></label><label>Host <select name="host"><option value="">any</option>${options(choices.hosts)}</select></label><label>DBMS <select name="product"><option value="">any</option>${options(choices.products)}</select></label><label>Version <input name="version" size="8"></label><label>Config <input name="config" size="8"></label><label>From <input name="from" type="date"></label><label>To <input name="to" type="date"></label><span id="find-status" class="muted" aria-live="polite"></span></form>`;
}

/** `page` (dist/index.html) with its runs part replaced, or undefined when it has no one such part. */
export function spliceIndexRuns(page: string, part: string): string | undefined {
  const start = page.indexOf(INDEX_RUNS_START);
  const end = page.indexOf(INDEX_RUNS_END);
  if (start < 0 || end < start || page.indexOf(INDEX_RUNS_START, start + 1) >= 0) return undefined;
  // The new part's headings get their links as the whole page got them from the middleware.
  return anchorHeadings(page.slice(0, start) + part + page.slice(end + INDEX_RUNS_END.length));
}
