// One ladder of a history page (history-page.ts): its heading, its charts drawn at build time (as Chart.astro
// draws them), the spread of repeated versions, each run relative to the first and to the one before, and its
// absolute values. A ladder of a post's relative values (src/analysis/history-published.ts) marks every value
// with † and says how each value no table prints was chained. Plain HTML (see host-page.ts).
import type { Ladder } from '../../analysis/history.ts';
import { historyStripSpec } from '../../charts/history-strip.ts';
import { historyTimeSpec, type TimePoint } from '../../charts/history-time.ts';
import { renderSvg } from '../../charts/render-svg.ts';
import { metricOf, type Cell } from '../../engine/index.ts';
import { descriptorOf } from '../../../benchmarks/index.ts';
import type { Annotation } from '../../schemas/index.ts';
import { fmtValue } from '../format.ts';
import { html, raw, type Html } from '../html.ts';
import { cellClass, intervalText, verdictMarkHtml } from '../report-cell.ts';
import type { siteUrls } from '../urls.ts';
import { chainTitle, chainWays, type TitleOf } from './history-chains.ts';

type Urls = ReturnType<typeof siteUrls>;

export interface LadderPage {
  benchmark: string;
  host: string;
  product: string;
}

/** A column's title: its version, with its config where the ladder has several. */
const columnTitle = (l: Ladder, r: Ladder['runs'][number]) =>
  l.configs.length > 1 ? `${r.version} (${r.config})` : r.version;

const titles = (l: Ladder): TitleOf => {
  const byId = new Map(l.runs.map((r) => [r.id, columnTitle(l, r)]));
  return (id) => byId.get(id) ?? id;
};

/** Every run against the first, for the time chart: coloured by its column's title. */
function timePoints(l: Ladder): TimePoint[] {
  const titleOf = titles(l);
  return l.timeline.flatMap((r) =>
    l.tests
      .map((test, i) => ({ run: r.id, date: r.date, series: titleOf(r.id), test, relative: r.toFirst[i] }))
      .filter((p): p is TimePoint => p.relative !== undefined),
  );
}

/** Every column but the first against the first, for the strip chart by version (and config). */
const points = (l: Ladder) =>
  l.tests.flatMap((test, i) =>
    l.runs
      .map((r, j) => ({ version: columnTitle(l, r), test, relative: j === 0 ? undefined : l.toFirst[i]![j] }))
      .filter((p): p is { version: string; test: string; relative: number } => p.relative !== undefined),
  );

const chart = async (spec: Parameters<typeof renderSvg>[0], label: string) =>
  html`<figure class="chart">${raw(await renderSvg(spec, label))}</figure>`;

async function charts({ benchmark, host, product }: LadderPage, l: Ladder, annotations: Annotation[]) {
  const first = columnTitle(l, l.runs[0]!);
  const order = l.runs.map((r) => columnTitle(l, r));
  const chained = l.kind === 'published' ? '; values no table prints are chained' : '';
  return [
    await chart(
      historyStripSpec(points(l), { versions: order, baseLabel: `${product} ${first}` }),
      `${product} ${benchmark} relative to ${first} by version on ${host}${chained}`,
    ),
    await chart(
      historyTimeSpec(
        timePoints(l),
        annotations.map((a, i) => ({ date: a.date, text: `${i + 1}` })),
        { baseLabel: `${product} ${first}`, series: order },
      ),
      `${product} ${benchmark} relative to ${first} by date of the run on ${host}${annotations.length ? `, with ${annotations.length} annotation(s)` : ''}${chained}`,
    ),
  ];
}

function heading(l: Ladder): Html {
  const what =
    l.kind === 'published'
      ? html`Published ${l.runs[0]!.date} · against ${columnTitle(l, l.runs[0]!)}`
      : html`Config ${l.config}`;
  return html`<h2>${what}${l.workloadSize && html`<span class="muted small"> · ${l.workloadSize}</span>`}${l.gates && html`<span class="muted small"> · ${l.gates}</span>`}</h2>`;
}

/** What a published ladder's numbers are: a post's, as printed (†), or chained through them (≈ ... †). */
function publishedNote(l: Ladder, url: Urls): Html {
  const base = l.runs[0]!;
  return html`<p class="small">These runs have no numbers of their own: a post printed each one's values relative to a base run (each run's page names the post), here all joined to <a href="${url.run(base.id)}">${base.label}</a>. <strong>†</strong> marks a value as the post printed it. <strong>≈</strong> marks a value no table prints, chained through the runs between: the product of the printed values along the way (listed under each table); as each factor was rounded when printed, the cell's title gives the range the value lies in, and where that range is wider than ±2.5 % the cell shows the range instead of a value.</p>`;
}

/** The cell of a relative table: verdict class and marker, † for a post's value, ≈ and its chain for a chained one. */
function relativeCell(c: Cell, chain: Ladder['toFirstChains'][number][number], titleOf: TitleOf, digits: number) {
  const title = chain ? chainTitle(chain, titleOf, digits) : c.published ? 'as the post printed it' : intervalText(c);
  return html`<td class="${cellClass(c, { neutral: true })}${chain ? ' chained' : ''}"${title && html` title="${title}"`}>${chain && c.relative !== undefined ? '≈' : ''}${c.text}${c.published && c.text ? '†' : ''}${verdictMarkHtml(c.verdict)}</td>`;
}

function relativeTable(l: Ladder, kind: 'toFirst' | 'toPrevious', page: LadderPage, url: Urls): Html {
  const cells = l[kind === 'toFirst' ? 'toFirstCells' : 'toPreviousCells'];
  const chains = l[kind === 'toFirst' ? 'toFirstChains' : 'toPreviousChains'];
  const titleOf = titles(l);
  // The decimals of a post's values, which chained values are printed with.
  const digits = metricOf(descriptorOf(page.benchmark), 'relative').relativeDigits;
  // The base has no column of its own: the caption links its run.
  const base = l.runs[0]!;
  const caption =
    kind === 'toFirst'
      ? html`Relative to <a href="${url.run(base.id)}">${`${page.product} ${columnTitle(l, base)}`}</a> (${l.kind === 'published' ? 'the base of the post' : 'the oldest'})`
      : l.kind === 'published'
        ? 'Relative to the column before'
        : 'Relative to the previous version';
  const ways = chainWays(
    chains.map((row) => row.slice(1)),
    l.runs.slice(1).map((r, j) => ({ run: r.id, against: kind === 'toFirst' ? l.runs[0]!.id : l.runs[j]!.id })),
    titleOf,
    { run: 'run', against: kind === 'toFirst' ? 'the base' : 'the column before' },
  );
  return html`<div class="table-wrap"><table class="compare relative"><caption class="muted small">${caption}</caption><thead><tr>${l.runs
    .slice(1)
    .map(
      (r) =>
        html`<th class="num"><a href="${url.run(r.id)}"${r.of > 1 && html` title="${`the latest of ${r.of} runs of ${r.version}`}"`}>${columnTitle(l, r)}</a></th>`,
    )}<th>test</th></tr></thead><tbody>${l.tests.map(
    (test, i) =>
      html`<tr data-test="${test}">${l.runs
        .slice(1)
        .map((_, j) =>
          relativeCell(cells[i]![j + 1]!, chains[i]![j + 1], titleOf, digits),
        )}<th scope="row">${test}</th></tr>`,
  )}</tbody></table></div>${
    ways.length > 0 &&
    html`<p class="small chain-ways">≈ chained, test by test, from the values the post printed: ${ways.join('; ')}.</p>`
  }`;
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

function absoluteValues(l: Ladder): Html {
  if (l.kind === 'published')
    return html`<p class="small muted">No absolute values: the post printed relative values only.</p>`;
  return html`<details><summary class="small">Absolute values</summary><table class="small"><thead><tr>${l.runs.map(
    (r) => html`<th class="num">${r.version}</th>`,
  )}<th>test</th><th>metric</th></tr></thead><tbody>${l.tests.map(
    (test, i) =>
      html`<tr>${l.toFirstCells[i]!.map((c) => html`<td class="num">${c.valueText}</td>`)}<th scope="row">${test}</th><td>${l.metrics[i]}</td></tr>`,
  )}</tbody></table></details>`;
}

export async function ladderSection(page: LadderPage, l: Ladder, annotations: Annotation[], url: Urls): Promise<Html> {
  const many = l.runs.length >= 2;
  // Against the column before is against the first when there are two.
  const tables = l.runs.length > 2 ? (['toFirst', 'toPrevious'] as const) : (['toFirst'] as const);
  return html`<section>${heading(l)}${
    l.kind === 'measured' &&
    l.configs.length > 1 &&
    html`<p class="small muted">One ladder of the configs ${l.configs.join(', ')}, a config family declared in content/config-families.yaml.</p>`
  }${l.kind === 'published' && publishedNote(l, url)}${
    !many
      ? html`<p class="muted">One run so far: <a href="${url.run(l.runs[0]!.id)}">${l.runs[0]!.label}</a>.</p>`
      : html`${
          l.runs.some((r) => r.of > 1) &&
          html`<p class="small muted">A version run more than once shows its latest run (${l.runs
            .filter((r) => r.of > 1)
            .map((r) => `${r.version}: ${r.of} runs`)
            .join(', ')}); the index lists them all.</p>`
        }${await charts(page, l, annotations)}${l.spreads.length > 0 && spreadsTable(l)}${tables.map((kind) =>
          relativeTable(l, kind, page, url),
        )}`
  }${absoluteValues(l)}</section>`;
}
