// The compare view in the browser: load one benchmark's index, list its runs, and show the selected runs
// relative to the chosen base. Plain DOM, no framework: the page must stay small and start fast.
import type { CompareIndex } from '../analysis/compare-index.ts';
import { gatesBetween, type GateName } from '../analysis/comparability.ts';
import { estimateFromInterval, ratioInterval, withinNoise } from '../analysis/noise.ts';
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

function saveUrl(): void {
  const p = new URLSearchParams({ benchmark: select.value });
  if (baseId) p.set('base', baseId);
  if (chosen.size) p.set('runs', [...chosen].join(','));
  history.replaceState(null, '', `?${p}`);
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

function renderResult(): void {
  if (!data) return;
  const base = data.runs.find((r) => r.id === baseId);
  // Columns in the order the runs were chosen (the address keeps it).
  const byId = new Map(data.runs.map((r) => [r.id, r]));
  const others = [...chosen].filter((id) => id !== baseId).flatMap((id) => byId.get(id) ?? []);
  if (!base || others.length === 0) {
    result.innerHTML = '<p class="muted">Choose a base and at least one run to compare with it.</p>';
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
  const head = others
    .map((r) => {
      const g = gates.get(r.id)!;
      return g.length
        ? `<th class="num incomparable" title="not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}"><a href="${baseUrl}runs/${esc(r.id)}/">${esc(r.label)}</a> <span class="warning-mark">not comparable</span></th>`
        : `<th class="num"><a href="${baseUrl}runs/${esc(r.id)}/">${esc(r.label)}</a></th>`;
    })
    .join('');
  const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : x > 0 ? '∞' : '-∞');
  const body = data.tests
    .map((test, i) => {
      const b = base.values[i];
      const cells = others
        .map((r) => {
          // A published-relative run has only the post's values against its own base.
          const printed = r.relative?.find((t) => t.baseRun === base.id)?.values[i];
          if (printed !== undefined && printed !== null)
            return `<td class="num ${verdict(printed, THRESHOLDS)}" title="published relative to ${esc(base.label)}">${printed.toFixed(2)}&dagger;</td>`;
          const v = r.values[i];
          if (b === null || b === undefined || v === null || v === undefined || b === 0) return '<td class="num"></td>';
          const rel = v / b;
          const g = gates.get(r.id)!;
          if (g.length)
            return `<td class="num incomparable" title="${v} ${esc(data!.metrics[i]!)}; not comparable with the base: ${esc(g.map((x) => x.text).join('; '))}">${rel.toFixed(2)}</td>`;
          const nv = r.noise[i];
          const nb = base.noise[i];
          const ea = nv ? estimateFromInterval(v, nv[0], nv[1], nv[2]) : undefined;
          const eb = nb ? estimateFromInterval(b, nb[0], nb[1], nb[2]) : undefined;
          const q = ea && eb ? ratioInterval(ea, eb) : undefined;
          const within = withinNoise(q);
          const tip = `${v} ${esc(data!.metrics[i]!)}${q ? `; 95 % interval ${fmt(q.low)} to ${fmt(q.high)}${within ? ', within noise' : ''}` : ''}`;
          return `<td class="num ${verdict(rel, THRESHOLDS)}${within ? ' within-noise' : ''}" title="${tip}"${q ? ` data-ci95="${fmt(q.low)},${fmt(q.high)}"` : ''}>${rel.toFixed(2)}</td>`;
        })
        .join('');
      return `<tr>${cells}<th scope="row">${esc(test)}</th></tr>`;
    })
    .join('');
  result.innerHTML = `<div class="table-wrap"><table class="compare relative"><caption class="muted small">Relative to ${esc(base.label)} (${esc(base.host)}); coloured at &le; ${THRESHOLDS.regression} and &ge; ${THRESHOLDS.improvement}, muted within noise (95 % interval of the ratio includes 1: src/analysis/noise.ts); a run that is not comparable with the base is flagged and never coloured${others.some((r) => r.relative) ? '; &dagger; as a post printed it (published relative: no absolute value)' : ''}</caption><thead><tr>${head}<th>test</th></tr></thead><tbody>${body}</tbody></table></div>`;
}

async function load(): Promise<void> {
  status.textContent = 'loading...';
  const res = await fetch(`${baseUrl}data/${select.value}.json`);
  data = (await res.json()) as CompareIndex;
  if (!data.runs.some((r) => r.id === baseId)) baseId = '';
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

const wanted = params.get('benchmark');
if (wanted && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
void load();
