// The compare view in the browser: load one benchmark's index, list its runs, and show the selected runs
// relative to the chosen base. Plain DOM, no framework: the page must stay small and start fast.
import type { CompareIndex } from '../analysis/compare-index.ts';
import { gatesBetween, type GateName } from '../analysis/comparability-gates.ts';
import { compareViewTable } from '../analysis/compare-view.ts';
import { formatBp, summarizeTable, type Cell, type Table } from '../engine/index.ts';
import { esc } from '../site/html.ts';
import { cellClass, verdictMarkHtml } from '../site/report-cell.ts';
import { SERIES_COLOURS } from '../charts/series-colours.ts';

const root = document.getElementById('compare')!;
const baseUrl = root.dataset.base ?? '/';
const form = document.getElementById('pick') as HTMLFormElement;
const select = form.elements.namedItem('benchmark') as HTMLSelectElement;
const filter = form.elements.namedItem('filter') as HTMLInputElement;
const status = document.getElementById('status')!;
const result = document.getElementById('result')!;
const tbody = document.querySelector('#runs tbody') as HTMLTableSectionElement;

const params = new URLSearchParams(location.search);
let data: CompareIndex | undefined;
let baseId = params.get('base') ?? '';
const chosen = new Set((params.get('runs') ?? '').split(',').filter(Boolean));

/**
 * The address of the view: `?base=<id>&runs=<id>,<id>` with the slashes and commas of run ids as they are (ids
 * hold only letters, digits and `._=+-~/`), so a permalink reads like the ids it names.
 */
function viewQuery(): string {
  const enc = (x: string) => encodeURIComponent(x).replace(/%2F/g, '/').replace(/%2C/g, ',');
  const parts = [`benchmark=${enc(select.value)}`];
  if (baseId) parts.push(`base=${enc(baseId)}`);
  if (chosen.size) parts.push(`runs=${[...chosen].map(enc).join(',')}`);
  return `?${parts.join('&')}`;
}

function saveUrl(): void {
  history.replaceState(null, '', viewQuery());
}

function renderRuns(): void {
  if (!data) return;
  const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
  const rows: string[] = [];
  for (const r of data.runs) {
    const text = `${r.label} ${r.host} ${r.product} ${r.version} ${r.config} ${r.date}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    const id = esc(r.id);
    rows.push(
      `<tr><td><input type="checkbox" data-id="${id}"${chosen.has(r.id) ? ' checked' : ''} aria-label="compare ${esc(r.label)}"></td>` +
        `<td><input type="radio" name="base" data-id="${id}"${baseId === r.id ? ' checked' : ''} aria-label="base ${esc(r.label)}"></td>` +
        `<td><a href="${baseUrl}runs/${id}/">${esc(r.label)}</a></td><td>${esc(r.host)}</td><td>${esc(r.product)}</td><td>${esc(r.version)}</td><td>${esc(r.config)}</td><td>${esc(r.date)}</td></tr>`,
    );
  }
  tbody.innerHTML = rows.join('');
  status.textContent = `${rows.length} of ${data.runs.length} runs`;
}

/** Ids of the address that name no run of this benchmark: said on the page, never silently dropped. */
let unknownIds: string[] = [];

const fmt3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : x > 0 ? '∞' : '-∞');

function renderResult(): void {
  if (!data) return;
  const missing = unknownIds.length
    ? `<p class="warning" id="unknown-ids">No ${esc(data.benchmark)} run with the id ${unknownIds.map((id) => `<code>${esc(id)}</code>`).join(', ')}: the address names a run that does not exist (a typo, or a run since removed).</p>`
    : '';
  const base = data.runs.find((r) => r.id === baseId);
  const byId = new Map(data.runs.map((r) => [r.id, r]));
  // Columns in the order the runs were chosen (the address keeps it).
  const others = [...chosen].filter((id) => id !== baseId).flatMap((id) => byId.get(id) ?? []);
  if (!base || others.length === 0) {
    result.innerHTML = `${missing}<p class="muted">Choose a base and at least one run to compare with it.</p>`;
    return;
  }
  // The gates of analysis/comparability.ts: a run that fails one against the base is flagged, never coloured.
  const gates = new Map(
    others.map((r) => [
      r.id,
      gatesBetween(
        r.comparable as Partial<Record<GateName, string>>,
        base.comparable as Partial<Record<GateName, string>>,
      ),
    ]),
  );
  const table = compareViewTable(data, base, others);
  const index = new Map(data.tests.map((t, i) => [t, i]));
  const metricOf = (test: string) => data!.metrics[index.get(test)!]!;
  const rowOf = new Map(table.rows.map((r) => [r.key, r]));
  // Column j + 1 of the table is others[j] (the base is column 0).
  const cellAt = (test: string, j: number): Cell => rowOf.get(test)!.cells[j + 1]!;
  const head = others
    .map((r) => {
      const g = gates.get(r.id)!;
      return g.length
        ? `<th class="num incomparable" title="not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}"><a href="${baseUrl}runs/${esc(r.id)}/">${esc(r.label)}</a> <span class="warning-mark">not comparable</span></th>`
        : `<th class="num"><a href="${baseUrl}runs/${esc(r.id)}/">${esc(r.label)}</a></th>`;
    })
    .join('');
  const relRow = (test: string) => {
    const tds = others
      .map((r, j) => {
        const c = cellAt(test, j);
        if (c.text === '') return '<td class="num"></td>';
        if (c.published)
          return `<td class="${cellClass(c, { neutral: true })}" title="published relative to ${esc(base.label)}">${esc(c.text)}&dagger;${verdictMarkHtml(c.verdict).text}</td>`;
        const g = gates.get(r.id)!;
        if (g.length)
          return `<td class="num incomparable" title="${esc(c.valueText)} ${esc(metricOf(test))}; not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}">${esc(c.text)}</td>`;
        const iv = c.interval
          ? `; 95 % interval ${fmt3(c.interval.low)} to ${fmt3(c.interval.high)}${c.withinNoise ? ', within noise' : ''}`
          : '';
        return `<td class="${cellClass(c, { neutral: true })}" title="${esc(c.valueText)} ${esc(metricOf(test))}${iv}"${c.interval ? ` data-ci95="${fmt3(c.interval.low)},${fmt3(c.interval.high)}"` : ''}>${esc(c.text)}${verdictMarkHtml(c.verdict).text}</td>`;
      })
      .join('');
    return `<tr data-test="${esc(test)}">${tds}<th scope="row">${esc(test)}</th></tr>`;
  };
  const colspan = others.length + 1;
  // One summary per run and group (reads and writes never pooled): the median change in basis points of the
  // printed values, as reports summarise them.
  const summaries = summarizeTable(table);
  const many = table.groups.length > 1;
  const body = table.groups
    .map((g) => {
      const bp = others
        .map((r) => {
          const s = summaries.find((x) => x.column === r.id && x.group === g.id);
          return gates.get(r.id)!.length || !s?.count
            ? '<td class="num"></td>'
            : `<td class="num bp" title="median change over ${s.count} tests, in basis points">${formatBp(s.medianBp!)}</td>`;
        })
        .join('');
      const title = many ? `<tr class="group"><th colspan="${colspan}" scope="colgroup">${esc(g.title)}</th></tr>` : '';
      return `${title}${g.rows.map(relRow).join('')}<tr class="summary">${bp}<th scope="row" class="small muted">median, basis points</th></tr>`;
    })
    .join('');
  const absHead = [base, ...others]
    .map((r) => `<th class="num">${esc(r.label)}${r === base ? ' <span class="muted">(base)</span>' : ''}</th>`)
    .join('');
  const absBody = table.groups
    .flatMap((g) => g.rows)
    .map((test) => {
      const tds = rowOf
        .get(test)!
        .cells.map((c) => `<td class="num">${esc(c.valueText)}</td>`)
        .join('');
      return `<tr>${tds}<th scope="row">${esc(test)}</th><td class="small">${esc(metricOf(test))}</td></tr>`;
    })
    .join('');
  // The view as CSV: every cell shown, with its interval and whether the run is comparable.
  const csvRows = [
    [
      'group',
      'test',
      'metric',
      'run',
      'label',
      'value',
      'base',
      'base_value',
      'relative',
      'ci95_low',
      'ci95_high',
      'within_noise',
      'not_comparable',
    ],
  ];
  for (const g of table.groups)
    for (const test of g.rows)
      others.forEach((r, j) => {
        const c = cellAt(test, j);
        const b = rowOf.get(test)!.cells[0]!;
        csvRows.push([
          many ? g.title : '',
          test,
          c.published ? 'relative (published)' : metricOf(test),
          r.id,
          r.label,
          c.value === undefined ? '' : String(c.value),
          base.id,
          b.value === undefined ? '' : String(b.value),
          // As the table prints it.
          c.text,
          c.interval ? String(c.interval.low) : '',
          c.interval ? String(c.interval.high) : '',
          c.interval ? (c.withinNoise ? 'yes' : 'no') : '',
          gates
            .get(r.id)!
            .map((x) => x.text)
            .join('; '),
        ]);
      });
  const csvCell = (x: string) => (/[",\n]/.test(x) ? `"${x.replace(/"/g, '""')}"` : x);
  const csv = csvRows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
  if (csvUrl) URL.revokeObjectURL(csvUrl);
  csvUrl = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const permalink = `${location.pathname}${viewQuery()}`;
  result.innerHTML =
    `${missing}<p class="small"><a id="permalink" href="${esc(permalink)}">Permalink of this view</a> · <a id="view-csv" href="${csvUrl}" download="compare-${esc(data.benchmark)}.csv">CSV of this view</a></p>` +
    chart(others, table, gates) +
    `<div class="table-wrap"><table class="compare relative"><caption class="muted small">Relative to ${esc(base.label)} (${esc(base.host)}); coloured at &le; 0.95 and &ge; 1.05, muted within noise (the 95 % interval of the ratio, from batch means of each run\u2019s per-interval series and Fieller\u2019s interval of a ratio, includes 1); a run that is not comparable with the base is flagged and never coloured${others.some((r) => r.relative) ? '; &dagger; as a post printed it (published relative: no absolute value)' : ''}${data.descriptor.warmup.some(Boolean) || data.descriptor.group.includes(null) ? '; warm-up tests and the table load left out, as reports do' : ''}</caption><thead><tr>${head}<th>test</th></tr></thead><tbody>${body}</tbody></table></div>` +
    `<details><summary class="small">Absolute values</summary><div class="table-wrap"><table class="compare absolute small"><thead><tr>${absHead}<th>test</th><th>metric</th></tr></thead><tbody>${absBody}</tbody></table></div></details>`;
}

let csvUrl: string | undefined;

/** Relative value per test and run as horizontal bars (inline SVG, no library): 1.0 is the base. */
function chart(others: CompareIndex['runs'], table: Table, gates: Map<string, unknown[]>): string {
  const shown = others.map((r, j) => ({ r, j })).filter(({ r }) => !(gates.get(r.id) ?? []).length);
  const rows = table.groups.flatMap((g) => g.rows.map((test) => table.rows.find((x) => x.key === test)!));
  const cellOf = (row: (typeof rows)[number], j: number) => row.cells[j + 1]!;
  const values = rows.flatMap((row) => shown.map(({ j }) => cellOf(row, j).relative).filter((v) => v !== undefined));
  if (!values.length) return '';
  const max = Math.max(1.2, ...values.map((v) => Math.min(v, 3)));
  const barH = 8;
  const perTest = shown.length * barH + 6;
  const left = 170;
  const width = 560;
  const x = (v: number) => left + (Math.min(v, max) / max) * (width - left - 10);
  const colours = SERIES_COLOURS;
  const parts: string[] = [];
  rows.forEach((row, n) => {
    const y0 = n * perTest + 4;
    parts.push(
      `<text x="${left - 6}" y="${y0 + perTest / 2}" text-anchor="end" font-size="10" dominant-baseline="middle">${esc(row.key)}</text>`,
    );
    shown.forEach(({ r, j }, k) => {
      const c = cellOf(row, j);
      if (c.relative === undefined) return;
      parts.push(
        `<rect x="${left}" y="${y0 + k * barH}" width="${Math.max(0, x(c.relative) - left)}" height="${barH - 1}" fill="${colours[k % colours.length]}"${c.withinNoise ? ' fill-opacity="0.4"' : ''}><title>${esc(r.label)}: ${esc(c.text)}</title></rect>`,
      );
    });
  });
  const h = rows.length * perTest + 8;
  parts.push(`<line x1="${x(1)}" x2="${x(1)}" y1="0" y2="${h}" stroke="#333" stroke-dasharray="4 3"/>`);
  const legend = shown
    .map(
      ({ r }, k) =>
        `<span style="border-left:10px solid ${colours[k % colours.length]};padding-left:4px;margin-right:10px">${esc(r.label)}</span>`,
    )
    .join('');
  return `<figure class="chart compare-chart"><svg role="img" aria-label="relative values by test, the base is 1.0" viewBox="0 0 ${width} ${h}" style="max-width:100%;height:auto">${parts.join('')}</svg><figcaption class="small">${legend} (bars at 1.0 equal the base; lighter within noise; values above 3 are cut)</figcaption></figure>`;
}

async function load(): Promise<void> {
  status.textContent = 'loading...';
  const res = await fetch(`${baseUrl}data/${select.value}.json`);
  data = (await res.json()) as CompareIndex;
  const known = new Set(data.runs.map((r) => r.id));
  unknownIds = [baseId, ...chosen].filter((id) => id && !known.has(id));
  if (!known.has(baseId)) baseId = '';
  for (const id of [...chosen]) if (!known.has(id)) chosen.delete(id);
  renderRuns();
  renderResult();
  document.body.dataset.compareReady = 'true';
}

tbody.addEventListener('change', (e) => {
  const input = e.target as HTMLInputElement;
  const id = input.dataset.id!;
  if (input.type === 'radio') baseId = id;
  else if (input.checked) chosen.add(id);
  else chosen.delete(id);
  saveUrl();
  renderResult();
});
filter.addEventListener('input', renderRuns);
select.addEventListener('change', () => {
  chosen.clear();
  baseId = '';
  saveUrl();
  void load();
});
form.addEventListener('submit', (e) => e.preventDefault());

// A permalink may name only the runs: the benchmark is the first part of the base's id.
const wanted = params.get('benchmark') ?? baseId.split('/')[0] ?? '';
if (wanted && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
void load();
