// The compare view in the browser: load the compare data of one benchmark on the host chosen and on the hosts of
// the runs the address names (one file each, so the view starts as fast with 100,000 runs as with 100), list their
// runs to pick from, and show the selected runs relative to the chosen base (src/analysis/compare-view.ts says
// which runs and tests, and why a run has nothing against the base). Plain DOM, no framework: the page must stay
// small and start fast.
import type { CompareIndex } from '../analysis/compare-index.ts';
import { mergeCompareIndexes } from '../analysis/merge-compare-indexes.ts';
import type { RunsIndex } from '../site/list-pages/data-files.ts';
import { gatesBetween, type GateName } from '../analysis/comparability-gates.ts';
import { compareView } from '../analysis/compare-view.ts';
import { formatBp, summarizeTable, type Cell } from '../engine/index.ts';
import { esc } from '../site/html.ts';
import { cellClass, verdictMarkHtml } from '../site/report-cell.ts';
import { compareBarsSvg } from '../charts/compare-bars.ts';
import { SERIES_COLOURS } from '../charts/series-colours.ts';

type IndexRun = CompareIndex['runs'][number];

const root = document.getElementById('compare')!;
const baseUrl = root.dataset.base ?? '/';
const form = document.getElementById('pick') as HTMLFormElement;
const select = form.elements.namedItem('benchmark') as HTMLSelectElement;
const hostSelect = form.elements.namedItem('host') as HTMLSelectElement;
const filter = form.elements.namedItem('filter') as HTMLInputElement;
const status = document.getElementById('status')!;
const result = document.getElementById('result')!;
const tbody = document.querySelector('#runs tbody') as HTMLTableSectionElement;

const params = new URLSearchParams(location.search);
/** The host of a run id: ids are `<benchmark>/<host>/<name>` (src/runs/run-id.ts). */
const hostOf = (id: string) => id.split('/')[1] ?? '';
let data: CompareIndex | undefined;
/** The runs in the picker's order: those the address names first (the base, then the others), then the rest. */
let listed: IndexRun[] = [];
let baseId = params.get('base') ?? '';
const chosen = new Set((params.get('runs') ?? '').split(',').filter(Boolean));

/**
 * The address of a view: `?benchmark=<name>&base=<id>&runs=<id>,<id>` with the slashes and commas of run ids as
 * they are (ids hold only letters, digits and `._=+-~/`), so a permalink reads like the ids it names.
 */
function viewQuery(base = baseId, runs = [...chosen]): string {
  const enc = (x: string) => encodeURIComponent(x).replace(/%2F/g, '/').replace(/%2C/g, ',');
  const parts = [`benchmark=${enc(select.value)}`];
  // The host is said when the base does not say it (run ids are <benchmark>/<host>/<name>).
  if (hostSelect.value && hostSelect.value !== hostOf(base)) parts.push(`host=${enc(hostSelect.value)}`);
  if (base) parts.push(`base=${enc(base)}`);
  if (runs.length) parts.push(`runs=${runs.map(enc).join(',')}`);
  return `?${parts.join('&')}`;
}

function saveUrl(): void {
  history.replaceState(null, '', viewQuery());
}

const runLink = (r: IndexRun) => `<a href="${baseUrl}runs/${esc(r.id)}/">${esc(r.label)}</a>`;

/**
 * Rows of the picker at most: a host may have thousands of runs, and a table of them took a second to lay out
 * before anything could be chosen. The runs the address names come first; the filter finds the others.
 */
const LISTED_AT_MOST = 200;

function renderRuns(): void {
  if (!data) return;
  const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
  const rows: string[] = [];
  let matched = 0;
  for (const r of listed) {
    const facts = [r.host, `${r.product} ${r.version}`.trim(), r.config, r.date].filter(Boolean).join(' · ');
    if (!words.every((w) => `${r.label} ${facts}`.toLowerCase().includes(w))) continue;
    if (++matched > LISTED_AT_MOST) continue;
    const id = esc(r.id);
    rows.push(
      `<tr><td><input type="checkbox" data-id="${id}"${chosen.has(r.id) ? ' checked' : ''} aria-label="compare ${esc(r.label)}"></td>` +
        `<td><input type="radio" name="base" data-id="${id}"${baseId === r.id ? ' checked' : ''} aria-label="base ${esc(r.label)}"></td>` +
        `<td class="run">${runLink(r)} <span class="small muted">${esc(facts)}</span></td></tr>`,
    );
  }
  tbody.innerHTML = rows.join('');
  status.textContent =
    matched > rows.length
      ? `${matched} of ${data.runs.length} runs, the first ${rows.length} listed: the filter finds the others`
      : `${matched} of ${data.runs.length} runs`;
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
  const view = compareView(data, base, others);
  const permalink = `<p class="small"><a id="permalink" href="${esc(`${location.pathname}${viewQuery()}`)}">Permalink of this view</a> <span class="muted">(the address names the runs by id)</span>${view.shown.length ? ` · <a id="view-csv" href="${csvLink(view, base)}" download="compare-${esc(data.benchmark)}.csv">CSV of this view</a>` : ''}</p>`;
  // A run with nothing to show against this base: why, and the bases that would show it.
  const notCompared = view.notCompared.length
    ? `<div id="not-compared" class="warning"><p>Not compared with ${esc(base.label)}:</p><ul>${view.notCompared
        .map(
          (n) =>
            `<li data-run="${esc(n.run.id)}">${esc(n.reason)}${n.bases
              .map(
                (b) =>
                  ` <a href="${esc(
                    `${location.pathname}${viewQuery(
                      b,
                      [...chosen].filter((id) => id !== b),
                    )}`,
                  )}">Compare with ${esc(byId.get(b)?.label ?? b)} as the base</a>`,
              )
              .join(' ·')}</li>`,
        )
        .join('')}</ul></div>`
    : '';
  if (!view.shown.length) {
    result.innerHTML = `${missing}${permalink}${notCompared}`;
    return;
  }
  result.innerHTML = `${missing}${permalink}${notCompared}${chart(view, base)}${relativeTable(view, base)}${absoluteTable(view, base)}${
    view.leftOut.length
      ? `<p class="small muted" id="left-out">Left out: ${view.leftOut.length} test${view.leftOut.length === 1 ? '' : 's'} that no compared run has against the base (${view.leftOut.map(esc).join(', ')}).</p>`
      : ''
  }`;
}

/** The gates of analysis/comparability.ts a run fails against the base: flagged, never coloured. */
const gatesOf = (r: IndexRun, base: IndexRun) =>
  gatesBetween(r.comparable as Partial<Record<GateName, string>>, base.comparable as Partial<Record<GateName, string>>);

const metricOf = (test: string) => data!.metrics[data!.tests.indexOf(test)]!;

function relCell(c: Cell, r: IndexRun, base: IndexRun, test: string): string {
  if (c.text === '') return '<td class="num"></td>';
  if (c.published)
    return `<td class="${cellClass(c, { neutral: true })}" title="published relative to ${esc(base.label)}">${esc(c.text)}&dagger;${verdictMarkHtml(c.verdict).text}</td>`;
  const g = gatesOf(r, base);
  if (g.length)
    return `<td class="num incomparable" title="${esc(c.valueText)} ${esc(metricOf(test))}; not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}">${esc(c.text)}</td>`;
  const iv = c.interval
    ? `; 95 % interval ${fmt3(c.interval.low)} to ${fmt3(c.interval.high)}${c.withinNoise ? ', within noise' : ''}`
    : '';
  return `<td class="${cellClass(c, { neutral: true })}" title="${esc(c.valueText)} ${esc(metricOf(test))}${iv}"${c.interval ? ` data-ci95="${fmt3(c.interval.low)},${fmt3(c.interval.high)}"` : ''}>${esc(c.text)}${verdictMarkHtml(c.verdict).text}</td>`;
}

function relativeTable(view: ReturnType<typeof compareView>, base: IndexRun): string {
  const { table, shown } = view;
  const rowOf = new Map(table.rows.map((r) => [r.key, r]));
  const head = shown
    .map((r) => {
      const g = gatesOf(r, base);
      return g.length
        ? `<th class="num incomparable" title="not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}">${runLink(r)} <span class="warning-mark">not comparable</span></th>`
        : `<th class="num">${runLink(r)}</th>`;
    })
    .join('');
  // One summary per run and group (reads and writes never pooled): the median change in basis points of the
  // printed values, as reports summarise them.
  const summaries = summarizeTable(table);
  const many = table.groups.length > 1;
  const body = table.groups
    .map((g) => {
      const bp = shown
        .map((r) => {
          const s = summaries.find((x) => x.column === r.id && x.group === g.id);
          return gatesOf(r, base).length || !s?.count
            ? '<td class="num"></td>'
            : `<td class="num bp" title="median change over ${s.count} tests, in basis points">${formatBp(s.medianBp!)}</td>`;
        })
        .join('');
      const title = many
        ? `<tr class="group"><th colspan="${shown.length + 1}" scope="colgroup">${esc(g.title)}</th></tr>`
        : '';
      const rows = g.rows
        .map(
          (test) =>
            `<tr data-test="${esc(test)}">${shown.map((r, j) => relCell(rowOf.get(test)!.cells[j + 1]!, r, base, test)).join('')}<th scope="row">${esc(test)}</th></tr>`,
        )
        .join('');
      return `${title}${rows}<tr class="summary">${bp}<th scope="row" class="small muted">median, basis points</th></tr>`;
    })
    .join('');
  return `<div class="table-wrap"><table class="compare relative"><caption class="muted small">Relative to ${esc(base.label)} (${esc(base.host)}); coloured at &le; 0.95 and &ge; 1.05, muted within noise (the 95 % interval of the ratio, from batch means of each run\u2019s per-interval series and Fieller\u2019s interval of a ratio, includes 1); a run that is not comparable with the base is flagged and never coloured${shown.some((r) => r.relative) ? '; &dagger; as a post printed it (published relative: no absolute value)' : ''}${data!.descriptor.warmup.some(Boolean) || data!.descriptor.group.includes(null) ? '; warm-up tests and the table load left out, as reports do' : ''}</caption><thead><tr>${head}<th>test</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

function absoluteTable({ table, shown }: ReturnType<typeof compareView>, base: IndexRun): string {
  const head = [base, ...shown]
    .map((r) => `<th class="num">${esc(r.label)}${r === base ? ' <span class="muted">(base)</span>' : ''}</th>`)
    .join('');
  const body = table.rows
    .map(
      (row) =>
        `<tr>${row.cells.map((c) => `<td class="num">${esc(c.valueText)}</td>`).join('')}<th scope="row">${esc(row.key)}</th><td class="small">${esc(metricOf(row.key))}</td></tr>`,
    )
    .join('');
  return `<details><summary class="small">Absolute values</summary><div class="table-wrap"><table class="compare absolute small"><thead><tr>${head}<th>test</th><th>metric</th></tr></thead><tbody>${body}</tbody></table></div></details>`;
}

let csvUrl: string | undefined;

/** The view as CSV: every cell shown, with its interval and whether the run is comparable. */
function csvLink({ table, shown }: ReturnType<typeof compareView>, base: IndexRun): string {
  const many = table.groups.length > 1;
  const rowOf = new Map(table.rows.map((r) => [r.key, r]));
  const lines = [
    'group,test,metric,run,label,value,base,base_value,relative,ci95_low,ci95_high,within_noise,not_comparable'.split(
      ',',
    ),
  ];
  for (const g of table.groups)
    for (const test of g.rows)
      shown.forEach((r, j) => {
        const c = rowOf.get(test)!.cells[j + 1]!;
        const b = rowOf.get(test)!.cells[0]!;
        lines.push([
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
          gatesOf(r, base)
            .map((x) => x.text)
            .join('; '),
        ]);
      });
  const cell = (x: string) => (/[",\n]/.test(x) ? `"${x.replace(/"/g, '""')}"` : x);
  if (csvUrl) URL.revokeObjectURL(csvUrl);
  csvUrl = URL.createObjectURL(
    new Blob([lines.map((row) => row.map(cell).join(',')).join('\n') + '\n'], { type: 'text/csv' }),
  );
  return csvUrl;
}

/** The chart of the comparable runs (a run that fails a gate is not drawn), with the legend. */
function chart({ table, shown }: ReturnType<typeof compareView>, base: IndexRun): string {
  const drawn = shown.map((r, j) => ({ r, j })).filter(({ r }) => !gatesOf(r, base).length);
  const rows = table.groups.flatMap((g) =>
    g.rows.map((test) => {
      const row = table.rows.find((x) => x.key === test)!;
      return { test, cells: drawn.map(({ j }) => row.cells[j + 1]!) };
    }),
  );
  const svg = compareBarsSvg(
    rows,
    drawn.map(({ r }) => r.label),
    base.label,
  );
  if (!svg) return '';
  const legend = drawn
    .map(
      ({ r }, k) =>
        `<span class="legend-run" style="border-left:10px solid ${SERIES_COLOURS[k % SERIES_COLOURS.length]}">${esc(r.label)}</span>`,
    )
    .join(' ');
  return `<figure class="chart compare-chart">${svg}<figcaption class="small">${legend} (a bar at 1 equals the base; lighter within noise; bars beyond 3 are cut)</figcaption></figure>`;
}

let runsIndex: Promise<RunsIndex> | undefined;
const loadRunsIndex = () =>
  (runsIndex ??= fetch(`${baseUrl}data/runs/index.json`).then((r) => r.json() as Promise<RunsIndex>));
const hostFiles = new Map<string, Promise<CompareIndex>>();
/** One host's compare data (list-pages/data-files.ts compareDataPath), fetched once. */
function hostData(benchmark: string, host: string): Promise<CompareIndex> {
  const path = `data/compare/${encodeURIComponent(benchmark)}/${encodeURIComponent(host)}.json`;
  let file = hostFiles.get(path);
  if (!file) {
    file = fetch(`${baseUrl}${path}`).then((r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
      return r.json() as Promise<CompareIndex>;
    });
    hostFiles.set(path, file);
  }
  return file;
}

/** The benchmark's hosts in the host picker, with their runs' counts; `wanted` chosen when it is one of them. */
function fillHosts(groups: RunsIndex['groups'], wanted: string): void {
  hostSelect.replaceChildren(
    ...groups.map((g) => new Option(`${g.host} (${g.count} run${g.count === 1 ? '' : 's'})`, g.host)),
  );
  hostSelect.value = groups.some((g) => g.host === wanted) ? wanted : (groups[0]?.host ?? '');
  hostSelect.dataset.benchmark = select.value;
}

let loads = 0;

async function load(): Promise<void> {
  const ticket = ++loads;
  status.textContent = 'loading...';
  const benchmark = select.value;
  const groups = (await loadRunsIndex()).groups.filter((g) => g.benchmark === benchmark);
  if (hostSelect.dataset.benchmark !== benchmark)
    fillHosts(groups, params.get('host') ?? hostOf(baseId || ([...chosen][0] ?? '')));
  // The host picked, and the hosts of the runs the address names, so that those stay listed and compared.
  const known = new Set(groups.map((g) => g.host));
  const named = [baseId, ...chosen].filter(Boolean);
  const hosts = [hostSelect.value, ...named.filter((id) => id.startsWith(`${benchmark}/`)).map(hostOf)];
  const parts = await Promise.all([...new Set(hosts)].filter((h) => known.has(h)).map((h) => hostData(benchmark, h)));
  if (ticket !== loads) return;
  data = mergeCompareIndexes(parts);
  const ids = new Set(data.runs.map((r) => r.id));
  unknownIds = named.filter((id) => !ids.has(id));
  if (!ids.has(baseId)) baseId = '';
  for (const id of [...chosen]) if (!ids.has(id)) chosen.delete(id);
  const rank = (r: IndexRun) => (named.includes(r.id) ? named.indexOf(r.id) : named.length);
  listed = data.runs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => r);
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
hostSelect.addEventListener('change', () => void load().then(saveUrl));
select.addEventListener('change', () => {
  chosen.clear();
  baseId = '';
  void load().then(saveUrl);
});
form.addEventListener('submit', (e) => e.preventDefault());

// A permalink may name only the runs: the benchmark is the first part of the base's id.
const wanted = params.get('benchmark') ?? baseId.split('/')[0] ?? '';
if (wanted && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
void load();
