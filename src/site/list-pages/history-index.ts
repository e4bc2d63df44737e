// /history/: a link to every history page, by benchmark. Plain HTML (see host-page.ts).
import { historyKeys } from '../../analysis/history.ts';
import { html, type Html } from '../html.ts';
import type { SiteRunSummary } from '../summaries.ts';
import { siteUrls } from '../urls.ts';

export const HISTORY_INDEX_PATH = 'history/index.html';
export const HISTORY_INDEX_HEAD = {
  title: 'History',
  description: "Each product's versions on each host, relative to the oldest and over time.",
};

export function historyIndexBody(runs: SiteRunSummary[], base: string): Html {
  const url = siteUrls(base);
  const keys = historyKeys(runs).sort(
    (a, b) =>
      a.benchmark.localeCompare(b.benchmark) || a.host.localeCompare(b.host) || a.product.localeCompare(b.product),
  );
  const benchmarks = [...new Set(keys.map((k) => k.benchmark))];
  return html`<h1>History</h1><p class="small muted">Each page follows one product on one host through its versions: one ladder per config family (content/config-families.yaml) and workload size, every run on a time axis, and the host's annotations (content/annotations.yaml).</p>${benchmarks.map(
    (b) =>
      html`<h2>${b}</h2><ul>${keys
        .filter((k) => k.benchmark === b)
        .map(
          (k) => html`<li><a href="${url.history(k.benchmark, k.host, k.product)}">${k.product} on ${k.host}</a></li>`,
        )}</ul>`,
  )}`;
}
