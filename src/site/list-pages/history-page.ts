// /history/<benchmark>/<host>/<product>/: one product's versions on one host, a ladder per config family,
// with charts drawn at build time (as Chart.astro draws them). Plain HTML (see host-page.ts).
import { annotationsFor } from '../../analysis/history-content.ts';
import { historyLadders, type Ladder } from '../../analysis/history.ts';
import { NOISE_EXPLANATION } from '../../analysis/noise.ts';
import { historyStripSpec } from '../../charts/history-strip.ts';
import { historyTimeSpec } from '../../charts/history-time.ts';
import { renderSvg } from '../../charts/render-svg.ts';
import type { Annotation, ConfigFamily } from '../../schemas/index.ts';
import { fmtValue } from '../format.ts';
import { cellClass, intervalText, verdictMarkHtml } from '../report-cell.ts';
import { html, raw, type Html } from '../html.ts';
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

const timePoints = (l: Ladder) =>
  l.timeline.flatMap((r) =>
    l.tests
      .map((test, i) => ({ date: r.date, version: r.version, test, relative: r.toFirst[i] }))
      .filter((p): p is { date: string; version: string; test: string; relative: number } => p.relative !== undefined),
  );

const columnTitle = (l: Ladder, r: Ladder['runs'][number]) =>
  l.configs.length > 1 ? `${r.version} (${r.config})` : r.version;

const points = (l: Ladder) =>
  l.tests.flatMap((test, i) =>
    l.runs
      .map((r, j) => ({ version: r.version, test, relative: l.toFirst[i]![j] }))
      .filter(
        (p): p is { version: string; test: string; relative: number } =>
          p.relative !== undefined && p.version !== l.runs[0]!.version,
      ),
  );

const chart = async (spec: Parameters<typeof renderSvg>[0], label: string) =>
  html`<figure class="chart">${raw(await renderSvg(spec, label))}</figure>`;

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
  return html`<p class="small muted">${benchmark} · ${host}</p><h1>${product} versions on ${host}</h1><p class="small muted noise-note">Each ladder holds runs of one config family, workload size and comparability gates (src/analysis/comparability.ts).${NOISE_EXPLANATION}</p>${
    annotations.length > 0 &&
    html`<section class="annotations" aria-label="annotations"><h2>Annotations of ${host}</h2><ol class="small">${annotations.map(
      (a) =>
        html`<li data-annotation-date="${a.date}"><strong>${a.date}</strong>: ${a.text}${a.url && safeHref(a.url) && html` <a href="${safeHref(a.url)}">more</a>`}</li>`,
    )}</ol></section>`
  }${sections}`;
}

async function ladderSection(
  { benchmark, host, product }: HistoryKey,
  l: Ladder,
  annotations: Annotation[],
  url: ReturnType<typeof siteUrls>,
): Promise<Html> {
  const many = l.runs.length >= 2;
  const charts = many
    ? [
        await chart(
          historyStripSpec(points(l), {
            versions: l.runs.map((r) => r.version),
            baseLabel: `${product} ${l.runs[0]!.version}`,
          }),
          `${product} ${benchmark} relative to ${l.runs[0]!.version} by version on ${host}`,
        ),
        await chart(
          historyTimeSpec(
            timePoints(l),
            annotations.map((a, i) => ({ date: a.date, text: `${i + 1}` })),
            { baseLabel: `${product} ${l.runs[0]!.version}` },
          ),
          `${product} ${benchmark} relative to ${l.runs[0]!.version} by date of the run on ${host}${annotations.length ? `, with ${annotations.length} annotation(s)` : ''}`,
        ),
      ]
    : [];
  return html`<section><h2>Config ${l.config}${l.workloadSize && html`<span class="muted small"> · ${l.workloadSize}</span>`}${l.gates && html`<span class="muted small"> · ${l.gates}</span>`}</h2>${
    l.configs.length > 1 &&
    html`<p class="small muted">One ladder of the configs ${l.configs.join(', ')}, a config family declared in content/config-families.yaml.</p>`
  }${
    !many
      ? html`<p class="muted">One run so far: <a href="${url.run(l.runs[0]!.id)}">${l.runs[0]!.label}</a>.</p>`
      : html`${
          l.runs.some((r) => r.of > 1) &&
          html`<p class="small muted">A version run more than once shows its latest run (${l.runs
            .filter((r) => r.of > 1)
            .map((r) => `${r.version}: ${r.of} runs`)
            .join(', ')}); the index lists them all.</p>`
        }${charts}${l.spreads.length > 0 && spreadsTable(l)}${(['toFirst', 'toPrevious'] as const).map((kind) => relativeTable(l, kind, product, url))}`
  }<details><summary class="small">Absolute values</summary><table class="small"><thead><tr>${l.runs.map(
    (r) => html`<th class="num">${r.version}</th>`,
  )}<th>test</th><th>metric</th></tr></thead><tbody>${l.tests.map(
    (test, i) =>
      html`<tr>${l.toFirstCells[i]!.map((c) => html`<td class="num">${c.valueText}</td>`)}<th scope="row">${test}</th><td>${l.metrics[i]}</td></tr>`,
  )}</tbody></table></details></section>`;
}

function spreadsTable(l: Ladder): Html {
  return html`<div class="table-wrap"><table class="small spreads"><caption class="muted small">Spread between repeated runs of a version: mean ± 95 % interval of the mean (t with n-1 degrees of freedom), and the coefficient of variation</caption><thead><tr><th>version</th><th class="num">runs</th>${l.tests.map(
    (test) => html`<th class="num">${test}</th>`,
  )}</tr></thead><tbody>${l.spreads.map(
    (sp) =>
      html`<tr><th scope="row">${sp.version}</th><td class="num">${sp.runs}</td>${sp.tests.map((x) =>
        x
          ? html`<td class="num" title="${`min ${fmtValue(x.min)}, max ${fmtValue(x.max)}, interval ${fmtValue(x.low)} to ${fmtValue(x.high)}`}">${`${fmtValue(x.mean)} ± ${fmtValue(x.high - x.mean)} (${((x.sd / x.mean) * 100).toFixed(1)} %)`}</td>`
          : html`<td class="num"></td>`,
      )}</tr>`,
  )}</tbody></table></div>`;
}

function relativeTable(
  l: Ladder,
  kind: 'toFirst' | 'toPrevious',
  product: string,
  url: ReturnType<typeof siteUrls>,
): Html {
  return html`<div class="table-wrap"><table class="compare relative"><caption class="muted small">${kind === 'toFirst' ? `Relative to ${product} ${l.runs[0]!.version} (the oldest)` : 'Relative to the previous version'}</caption><thead><tr>${l.runs
    .slice(1)
    .map(
      (r) =>
        html`<th class="num"><a href="${url.run(r.id)}"${r.of > 1 && html` title="${`the latest of ${r.of} runs of ${r.version}`}"`}>${columnTitle(l, r)}</a></th>`,
    )}<th>test</th></tr></thead><tbody>${l.tests.map(
    (test, i) =>
      html`<tr data-test="${test}">${l.runs.slice(1).map((_, j) => {
        const c = l[kind === 'toFirst' ? 'toFirstCells' : 'toPreviousCells'][i]![j + 1]!;
        const title = intervalText(c);
        return html`<td class="${cellClass(c, { neutral: true })}"${title && html` title="${title}"`}>${c.text}${verdictMarkHtml(c.verdict)}</td>`;
      })}<th scope="row">${test}</th></tr>`,
  )}</tbody></table></div>`;
}
