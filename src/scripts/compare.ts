// The compare view in the browser: load one benchmark's index, list its runs, and show the selected runs
// relative to the chosen base. Plain DOM, no framework: the page must stay small and start fast.
import type { CompareIndex } from '../analysis/compare-index.ts';
import { gatesBetween, type GateName } from '../analysis/comparability.ts';
import { estimateFromInterval, ratioInterval, withinNoise } from '../analysis/noise.ts';
import { SYSBENCH_GROUPS, isWarmupTest, sysbenchGroup } from '../analysis/sysbench-groups.ts';
import { THRESHOLDS, verdict } from '../analysis/verdict.ts';
import { esc } from '../site/html.ts';

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

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
};
const fmtBp = (bp: number) => {
  const r = Math.round(bp);
  return r > 0 ? `+${r}` : r < 0 ? `\u2212${-r}` : '0';
};
const fmt3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : x > 0 ? '∞' : '-∞');
const fmtAbs = (x: number) => (Math.abs(x) >= 100 ? Math.round(x).toLocaleString('en-US') : String(x));

/** The groups of the tests as reports show them: sysbench's four groups, warm-ups and the table load left out. */
function groupsOf(tests: string[]): Array<{ title: string; tests: number[] }> {
  const shown = tests.map((t, i) => ({ t, i })).filter(({ t }) => !isWarmupTest(t) && t !== 'prepare');
  if (data!.benchmark !== 'sysbench') return [{ title: '', tests: shown.map((x) => x.i) }];
  return SYSBENCH_GROUPS.map((g) => ({
    title: g.title,
    tests: shown.filter(({ t }) => sysbenchGroup(t) === g.id).map((x) => x.i),
  })).filter((g) => g.tests.length > 0);
}

interface ViewCell {
  value?: number;
  relative?: number;
  printed?: boolean;
  low?: number;
  high?: number;
  within: boolean;
}

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
  const cellOf = (r: (typeof others)[number], i: number): ViewCell => {
    const printed = r.relative?.find((t) => t.baseRun === base.id)?.values[i];
    if (printed !== undefined && printed !== null) return { relative: printed, printed: true, within: false };
    const v = r.values[i];
    const b = base.values[i];
    if (b === null || b === undefined || v === null || v === undefined || b === 0) return { within: false };
    const nv = r.noise[i];
    const nb = base.noise[i];
    const ea = nv ? estimateFromInterval(v, nv[0], nv[1], nv[2]) : undefined;
    const eb = nb ? estimateFromInterval(b, nb[0], nb[1], nb[2]) : undefined;
    const q = ea && eb ? ratioInterval(ea, eb) : undefined;
    return { value: v, relative: v / b, low: q?.low, high: q?.high, within: withinNoise(q) };
  };
  // The decimals reports print: three for HammerDB's relative NOPM, two elsewhere (colours at the same rounding).
  const digits = data.benchmark === 'hammerdb-tprocc' ? 3 : 2;
  const groups = groupsOf(data.tests);
  const cells = new Map(others.map((r) => [r.id, data!.tests.map((_, i) => cellOf(r, i))]));
  const head = others
    .map((r) => {
      const g = gates.get(r.id)!;
      return g.length
        ? `<th class="num incomparable" title="not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}"><a href="${baseUrl}runs/${esc(r.id)}/">${esc(r.label)}</a> <span class="warning-mark">not comparable</span></th>`
        : `<th class="num"><a href="${baseUrl}runs/${esc(r.id)}/">${esc(r.label)}</a></th>`;
    })
    .join('');
  const relRow = (i: number) => {
    const tds = others
      .map((r) => {
        const c = cells.get(r.id)![i]!;
        if (c.relative === undefined) return '<td class="num"></td>';
        if (c.printed)
          return `<td class="num ${verdict(c.relative, THRESHOLDS, false, digits)}" title="published relative to ${esc(base.label)}">${c.relative.toFixed(digits)}&dagger;</td>`;
        const g = gates.get(r.id)!;
        if (g.length)
          return `<td class="num incomparable" title="${c.value} ${esc(data!.metrics[i]!)}; not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}">${c.relative.toFixed(digits)}</td>`;
        const iv =
          c.low !== undefined
            ? `; 95 % interval ${fmt3(c.low)} to ${fmt3(c.high!)}${c.within ? ', within noise' : ''}`
            : '';
        return `<td class="num ${verdict(c.relative, THRESHOLDS, false, digits)}${c.within ? ' within-noise' : ''}" title="${c.value} ${esc(data!.metrics[i]!)}${iv}"${c.low !== undefined ? ` data-ci95="${fmt3(c.low)},${fmt3(c.high!)}"` : ''}>${c.relative.toFixed(digits)}</td>`;
      })
      .join('');
    return `<tr data-test="${esc(data!.tests[i]!)}">${tds}<th scope="row">${esc(data!.tests[i]!)}</th></tr>`;
  };
  const colspan = others.length + 1;
  const body = groups
    .map((g) => {
      // Basis points per group: the median change of each comparable run over the group's tests, as reports print it.
      const bp = others
        .map((r) => {
          const rels = g.tests.map((i) => cells.get(r.id)![i]!.relative).filter((x): x is number => x !== undefined);
          return gates.get(r.id)!.length || !rels.length
            ? '<td class="num"></td>'
            : `<td class="num bp" title="median change over ${rels.length} tests, in basis points">${fmtBp(median(rels.map((x) => (x - 1) * 100)))}</td>`;
        })
        .join('');
      const title = g.title
        ? `<tr class="group"><th colspan="${colspan}" scope="colgroup">${esc(g.title)}</th></tr>`
        : '';
      return `${title}${g.tests.map(relRow).join('')}<tr class="summary">${bp}<th scope="row" class="small muted">median, basis points</th></tr>`;
    })
    .join('');
  const absHead = [base, ...others]
    .map((r) => `<th class="num">${esc(r.label)}${r === base ? ' <span class="muted">(base)</span>' : ''}</th>`)
    .join('');
  const absBody = groups
    .flatMap((g) => g.tests)
    .map((i) => {
      const tds = [base, ...others]
        .map((r) => {
          const v = r.values[i];
          return `<td class="num">${v === null || v === undefined ? '' : fmtAbs(v)}</td>`;
        })
        .join('');
      return `<tr>${tds}<th scope="row">${esc(data!.tests[i]!)}</th><td class="small">${esc(data!.metrics[i]!)}</td></tr>`;
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
  for (const g of groups)
    for (const i of g.tests)
      for (const r of others) {
        const c = cells.get(r.id)![i]!;
        csvRows.push([
          g.title,
          data.tests[i]!,
          c.printed ? 'relative (published)' : data.metrics[i]!,
          r.id,
          r.label,
          c.value === undefined ? '' : String(c.value),
          base.id,
          base.values[i] === null || base.values[i] === undefined ? '' : String(base.values[i]),
          c.relative === undefined ? '' : String(c.relative),
          c.low === undefined ? '' : String(c.low),
          c.high === undefined ? '' : String(c.high),
          c.low === undefined ? '' : c.within ? 'yes' : 'no',
          gates
            .get(r.id)!
            .map((x) => x.text)
            .join('; '),
        ]);
      }
  const csvCell = (x: string) => (/[",\n]/.test(x) ? `"${x.replace(/"/g, '""')}"` : x);
  const csv = csvRows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
  if (csvUrl) URL.revokeObjectURL(csvUrl);
  csvUrl = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const permalink = `${location.pathname}${viewQuery()}`;
  result.innerHTML =
    `${missing}<p class="small"><a id="permalink" href="${esc(permalink)}">Permalink of this view</a> · <a id="view-csv" href="${csvUrl}" download="compare-${esc(data.benchmark)}.csv">CSV of this view</a></p>` +
    chart(others, groups, cells, gates) +
    `<div class="table-wrap"><table class="compare relative"><caption class="muted small">Relative to ${esc(base.label)} (${esc(base.host)}); coloured at &le; 0.95 and &ge; 1.05, muted within noise (the 95 % interval of the ratio, from batch means of each run\u2019s per-interval series and Fieller\u2019s interval of a ratio, includes 1); a run that is not comparable with the base is flagged and never coloured${others.some((r) => r.relative) ? '; &dagger; as a post printed it (published relative: no absolute value)' : ''}${data.benchmark === 'sysbench' ? '; warm-up tests and the table load left out, as reports do' : ''}</caption><thead><tr>${head}<th>test</th></tr></thead><tbody>${body}</tbody></table></div>` +
    `<details><summary class="small">Absolute values</summary><div class="table-wrap"><table class="compare absolute small"><thead><tr>${absHead}<th>test</th><th>metric</th></tr></thead><tbody>${absBody}</tbody></table></div></details>`;
}

let csvUrl: string | undefined;

/** Relative value per test and run as horizontal bars (inline SVG, no library): 1.0 is the base. */
function chart(
  others: CompareIndex['runs'],
  groups: Array<{ title: string; tests: number[] }>,
  cells: Map<string, ViewCell[]>,
  gates: Map<string, unknown[]>,
): string {
  const shown = others.filter((r) => !(gates.get(r.id) ?? []).length);
  const tests = groups.flatMap((g) => g.tests);
  const rows = tests.flatMap((i) =>
    shown.map((r, k) => ({ i, k, c: cells.get(r.id)![i]! })).filter((x) => x.c.relative !== undefined),
  );
  if (!rows.length) return '';
  const max = Math.max(1.2, ...rows.map((x) => Math.min(x.c.relative!, 3)));
  const barH = 8;
  const perTest = shown.length * barH + 6;
  const left = 170;
  const width = 560;
  const x = (v: number) => left + (Math.min(v, max) / max) * (width - left - 10);
  const colours = ['#4c78a8', '#f58518', '#54a24b', '#b279a2', '#9d755d', '#e45756'];
  const parts: string[] = [];
  tests.forEach((i, n) => {
    const y0 = n * perTest + 4;
    parts.push(
      `<text x="${left - 6}" y="${y0 + perTest / 2}" text-anchor="end" font-size="10" dominant-baseline="middle">${esc(data!.tests[i]!)}</text>`,
    );
    shown.forEach((r, k) => {
      const c = cells.get(r.id)![i]!;
      if (c.relative === undefined) return;
      parts.push(
        `<rect x="${left}" y="${y0 + k * barH}" width="${Math.max(0, x(c.relative) - left)}" height="${barH - 1}" fill="${colours[k % colours.length]}"${c.within ? ' fill-opacity="0.4"' : ''}><title>${esc(r.label)}: ${c.relative.toFixed(2)}</title></rect>`,
      );
    });
  });
  const h = tests.length * perTest + 8;
  parts.push(`<line x1="${x(1)}" x2="${x(1)}" y1="0" y2="${h}" stroke="#333" stroke-dasharray="4 3"/>`);
  const legend = shown
    .map(
      (r, k) =>
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
