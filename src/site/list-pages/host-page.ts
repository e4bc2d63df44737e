// /hosts/<benchmark>/<host>/: every run of one benchmark on one host. The body is plain HTML from `html`
// templates so that the Astro page and the rebuild without Astro (src/site/fast-build/) print the same bytes.
import { plural } from '../format.ts';
import { compareVersions } from '../../analysis/versions.ts';
import { html, type Html } from '../html.ts';
import { sourceLabel } from '../provenance-text.ts';
import { runsOfGroup, type HostGroup } from '../run-groups.ts';
import type { SiteRunSummary } from '../summaries.ts';
import { siteUrls } from '../urls.ts';

export const hostPagePath = (g: { benchmark: string; host: string }) => `hosts/${g.benchmark}/${g.host}/index.html`;

export function hostPageHead(group: HostGroup): { title: string; description: string } {
  return {
    title: `${group.benchmark} on ${group.host}`,
    description: `Every ${group.benchmark} run on ${group.host}.`,
  };
}

/** The runs of a group's host page, in the page's order (product, version, date, id). */
export function hostPageRuns(group: HostGroup, runs: SiteRunSummary[]): SiteRunSummary[] {
  return runsOfGroup(group, runs).sort(
    (x, y) =>
      (x.summary.dbms.product ?? '').localeCompare(y.summary.dbms.product ?? '') ||
      compareVersions(x.summary.dbms.version, y.summary.dbms.version) ||
      x.summary.date.localeCompare(y.summary.date) ||
      x.id.localeCompare(y.id),
  );
}

/** The page's body; `runs` are those of hostPageRuns. */
export function hostPageBody(group: HostGroup, runs: SiteRunSummary[], base: string): Html {
  const url = siteUrls(base);
  return html`<p class="small muted">${group.benchmark}</p><h1>Runs on ${group.host}</h1><p class="small">${plural(group.count, 'run')}${group.first === group.last ? `, ${group.first}` : `, ${group.first} to ${group.last}`}. History by version: ${group.products.map(
    (p, i) =>
      html`${i > 0 && ', '}${p.history ? html`<a href="${url.history(group.benchmark, group.host, p.product)}">${p.product}</a>` : p.product}`,
  )}</p><div class="table-wrap"><table class="runs"><thead><tr><th>run</th><th>date</th><th>DBMS</th><th>version</th><th>config</th><th class="num">tests</th><th>source</th></tr></thead><tbody>${runs.map(
    ({ id, summary: run }) =>
      html`<tr><td><a href="${url.run(id)}">${run.label}</a></td><td>${run.date}</td><td>${run.dbms.product ?? ''}</td><td>${run.dbms.version ?? ''}</td><td>${run.config.name}</td><td class="num">${run.testCount}${run.failed.length > 0 && html`<span class="muted"> (${run.failed.length} failed)</span>`}</td><td class="small">${sourceLabel(run.source)}</td></tr>`,
  )}</tbody></table></div>`;
}
