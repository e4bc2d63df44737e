// /history/<benchmark>/<host>/<product>/: one product's versions on one host, a ladder per config family and
// one per post of relative values (history-ladder.ts draws each). Plain HTML (see host-page.ts).
import { annotationsFor } from '../../analysis/history-content.ts';
import { historyLadders } from '../../analysis/history.ts';
import type { Annotation, ConfigFamily } from '../../schemas/index.ts';
import { html, type Html } from '../html.ts';
import { ladderSection } from './history-ladder.ts';
import type { SiteRunSummary } from '../summaries.ts';
import { safeHref } from '../safe-url.ts';
import { siteUrls } from '../urls.ts';

export interface HistoryKey {
  benchmark: string;
  host: string;
  product: string;
}

export const historyPagePath = (k: HistoryKey) => `history/${k.benchmark}/${k.host}/${k.product}/index.html`;

/** The page has a title and no description. */
export const historyPageTitle = (k: HistoryKey) => `${k.product} on ${k.host}: ${k.benchmark} history`;

export function historyPageRuns(k: HistoryKey, runs: SiteRunSummary[]): SiteRunSummary[] {
  return runs.filter(
    (r) =>
      r.summary.benchmark === k.benchmark && r.summary.host.name === k.host && r.summary.dbms.product === k.product,
  );
}

/** The page's body; `runs` are those of historyPageRuns. */
export async function historyPageBody(
  k: HistoryKey,
  runs: SiteRunSummary[],
  content: { annotations: Annotation[]; families: ConfigFamily[] },
  base: string,
): Promise<Html> {
  const { benchmark, host, product } = k;
  const url = siteUrls(base);
  const ladders = historyLadders(runs, content.families);
  const annotations = annotationsFor(content.annotations, host, product);
  const sections = await Promise.all(ladders.map((l) => ladderSection(k, l, annotations, url)));
  // The noise line only where a value has an interval (a post's values and harness summaries have none).
  const intervals = ladders.some((l) => [...l.toFirstCi, ...l.toPreviousCi].some((row) => row.some(Boolean)));
  return html`<p class="small muted">${benchmark} · ${host}</p><h1>${product} versions on ${host}</h1><p class="small muted">Each ladder holds runs of one config family, workload size and <a href="${`${url.home()}docs/comparability/`}">comparability gates</a>; runs a post published only as values relative to another run form a ladder of their own per post, its base first.</p>${
    intervals &&
    html`<p class="small muted noise-note">A value whose 95 % interval includes 1 is within the runs' own noise and shown muted; hover a cell for its interval (<a href="${`${url.home()}noise/`}">how the intervals are computed</a>).</p>`
  }${
    annotations.length > 0 &&
    html`<section class="annotations" aria-label="annotations"><h2>Annotations of ${host}</h2><ol class="small">${annotations.map(
      (a) =>
        html`<li data-annotation-date="${a.date}"><strong>${a.date}</strong>: ${a.text}${a.url && safeHref(a.url) && html` <a href="${safeHref(a.url)}">more</a>`}</li>`,
    )}</ol></section>`
  }${sections}`;
}
