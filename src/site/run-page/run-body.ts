// One run's page body: what ran where, every test with its key numbers, system metrics both ways, charts
// over time, and the raw files with their checksums. Pure (the run, its pre-drawn charts and the site's base
// URL in, HTML out), so the build renders 10,000 of them on worker threads outside Astro and the dev server
// renders the same HTML through an Astro route.
import { hostLine } from '../host-text.ts';
import type { Annotation, Run, SystemAverages } from '../../schemas/index.ts';
import { onLadder } from '../../analysis/history.ts';
import { KEY_METRICS } from '../../analysis/key-metrics.ts';
import { summarizeRun } from '../../runs/run-summary.ts';
import { fmtValue } from '../format.ts';
import { firstRunId } from '../../runs/run-id.ts';
import { noiseMetricNames } from '../../engine/noise.ts';
import { NOISE_EXPLANATION } from '../noise-explanation.ts';
import { primaryMetric } from '../../../benchmarks/index.ts';
import { html, raw, type Html } from '../html.ts';
import { sourceLabel, sourceMeaning } from '../provenance-text.ts';
import { safeHref } from '../safe-url.ts';
import type { RunReportLink } from '../run-reports.ts';

export interface RunPageInput {
  id: string;
  run: Run;
  /** The charts' HTML (run-charts.ts), empty when the run has no series. */
  charts: string;
  /** The site's base URL, ending in `/`. */
  base: string;
  /** content/annotations.yaml entries of the run's host dated on or before the run (annotationsBefore). */
  annotations?: Annotation[];
  /** The reports that use the run (src/site/run-reports.ts), newest first. */
  reports?: RunReportLink[];
}

export interface PageHead {
  title: string;
  description: string;
}

/** The page's <title> and meta description (from a run or its summary). */
export function runPageHead(run: Pick<Run, 'label' | 'benchmark'> & { host: { name: string } }): PageHead {
  return { title: run.label, description: `${run.benchmark} run ${run.label} on ${run.host.name}` };
}

const bytes = (n: number) => (n > 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${(n / 1e3).toFixed(1)} KB`);
const avgCells = (a: SystemAverages) => [
  a.vmstat?.samples,
  a.vmstat?.csPerS,
  a.vmstat?.cpuPct,
  a.iostat?.samples,
  a.iostat?.readsPerS,
  a.iostat?.readKBPerS,
  a.iostat?.writesPerS,
  a.iostat?.writeKBPerS,
  a.iostat?.fsyncsPerS,
  a.iostat?.fsyncAwaitMs,
];

/** A workload parameter as a reader would write it: `read 600, write 1800`, `1, 8, 32`, not JSON. */
export function paramText(v: unknown): string {
  if (Array.isArray(v)) return v.map(paramText).join(', ');
  if (v !== null && typeof v === 'object')
    return Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => (x !== null && typeof x === 'object' ? `${k} (${paramText(x)})` : `${k} ${paramText(x)}`))
      .join(', ');
  return String(v);
}

function facts(id: string, run: Run, base: string, reports: RunReportLink[]): Html {
  const w = run.workload as Record<string, unknown>;
  const { dbms, host, provenance } = run;
  const workload = Object.entries(w)
    .filter(([k, v]) => k !== 'kind' && v !== undefined)
    .map(([k, v]) => `${k} ${paramText(v)}`)
    .join(' · ');
  const hostText = hostLine(host);
  const source = `${sourceLabel(provenance.source)}${provenance.published ? `: ${provenance.published.title}` : ''} (${provenance.harvester.format})`;
  return html`<dl class="facts">
    <dt>run id</dt><dd><code>${id}</code></dd>
    <dt>DBMS</dt><dd>${[dbms.product, dbms.version].filter(Boolean).join(' ') || 'unknown'} ${dbms.buildName && html`<span class="muted">build ${dbms.buildName}</span>`} ${dbms.serverVersion && html`<span class="small muted">(${dbms.serverVersion})</span>`}</dd>
    <dt>config</dt><dd>${run.config.name}${run.config.description && ` (${run.config.description})`}</dd>
    <dt>host</dt><dd>${hostText}</dd>
    <dt>date</dt><dd>${run.date} <span class="small muted">(from ${run.dateSource})</span></dd>
    ${run.repeat && html`<dt>repeat</dt><dd>repeat ${run.repeat} of <a href="${`${base}runs/${firstRunId(id)}/`}">${firstRunId(id)}</a> (same label and day, other raw files)</dd>`}
    ${dbms.product && onLadder({ summary: summarizeRun(run) }) && html`<dt>history</dt><dd><a href="${`${base}history/${run.benchmark}/${host.name}/${dbms.product}/`}">${dbms.product} versions on ${host.name}</a></dd>`}
    <dt>workload</dt><dd>${workload}</dd>
    <dt>tools</dt><dd>${provenance.tools.map((t) => `${t.name} ${t.version}`).join(', ') || 'not recorded'}</dd>
    <dt>source</dt><dd>${source}</dd>
    ${reports.length > 0 && html`<dt>in reports</dt><dd><ul class="run-reports">${reports.map((r) => html`<li><a href="${`${base}reports/${r.slug}/`}">${r.title}</a> <span class="small muted">(${r.date})</span></li>`)}</ul></dd>`}
  </dl>`;
}

function testsTable(run: Run): Html {
  const byKey = new Map(run.results.map((r) => [`${r.test}\u0000${r.metric}`, r.value]));
  const metricsHere = new Set(run.results.map((r) => r.metric));
  const keys = (KEY_METRICS[run.benchmark] ?? []).filter((k) => metricsHere.has(k.metric));
  const sla = run.tests.some((t) => t.sla);
  // The 95 % interval of each test's headline figure, when its series gave one (src/engine/noise.ts).
  const intervalOf = (test: string) => {
    const metric = primaryMetric(run.benchmark, test, (m) => byKey.has(`${test}\u0000${m}`));
    if (!metric) return undefined;
    const n = noiseMetricNames(metric);
    const low = byKey.get(`${test}\u0000${n.low}`);
    const high = byKey.get(`${test}\u0000${n.high}`);
    return low === undefined || high === undefined ? undefined : { metric, low, high };
  };
  const noise = run.tests.some((t) => intervalOf(t.name));
  const rows = run.tests.map(
    (t) => html`<tr data-test="${t.name}" id="${t.name}">
            <th scope="row">${t.name}</th>
            <td${t.status === 'failed' ? html` class="failed"` : ''}${t.error ? html` title="${t.error}"` : ''}>${t.status}</td>
            ${sla && html`<td${t.sla && !t.sla.passed ? html` class="sla-failed"` : ''}>${t.sla ? `${fmtValue(t.sla.achievedInsertsPerS)} of ${t.sla.targetInsertsPerS} inserts/s${t.sla.passed ? '' : ': missed'}` : ''}</td>`}
            ${keys.map((k) => html`<td class="num" data-metric="${k.metric}">${fmtValue(byKey.get(`${t.name}\u0000${k.metric}`))}</td>`)}
            ${noise && noiseCell(intervalOf(t.name))}
          </tr>`,
  );
  return html`<h2>Tests</h2>
  <div class="table-wrap">
    <table class="tests">
      <thead><tr><th>test</th><th>status</th>${sla && html`<th>background insert SLA</th>`}${keys.map((k) => html`<th class="num">${k.title}</th>`)}${noise && html`<th class="num">95 % interval</th>`}</tr></thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>
  ${noise && html`<p class="small muted noise-note">${NOISE_EXPLANATION}</p>`}
  <p class="small"><a href="results.csv" download>All ${run.results.length + (run.relative ?? []).reduce((n, t) => n + t.values.length, 0)} numbers of this run (CSV)</a></p>`;
}

function noiseCell(i: { metric: string; low: number; high: number } | undefined): Html {
  if (!i) return html`<td class="num"></td>`;
  return html`<td class="num" data-metric="${i.metric}_ci95" title="${`95 % interval of ${i.metric} by batch means`}">${fmtValue(i.low)} – ${fmtValue(i.high)}</td>`;
}

function histograms(run: Run): Html | '' {
  const tests = run.tests.filter((t) => t.histograms?.length);
  if (tests.length === 0) return '';
  return html`<h2>Response-time histograms</h2>
      <div class="table-wrap">
        <table class="small">
          <thead><tr><th>test</th><th>op</th><th>client</th>${tests[0]!.histograms![0]!.buckets.map((b) => html`<th class="num">${b.label}</th>`)}<th class="num">max s</th></tr></thead>
          <tbody>
            ${tests.flatMap((t) => t.histograms!.map((h) => html`<tr><th scope="row">${t.name}</th><td>${h.name}</td><td>${h.client ?? ''}</td>${h.buckets.map((b) => html`<td class="num">${b.count}</td>`)}<td class="num">${h.maxSeconds ?? ''}</td></tr>`))}
          </tbody>
        </table>
      </div>
      <p class="small muted">Responses per bucket: each column counts the responses at or below its time and above the previous column's.</p>`;
}

function systemMetrics(run: Run): Html | '' {
  const rows = run.tests.filter((t) => t.system);
  if (rows.length === 0) return '';
  const first = rows[0]!.system!;
  return html`<h2>System metrics</h2>
      <p class="small muted">Averages over each test, two ways. <strong>harness</strong>: exactly as the mytools scripts compute them (vmstat's since-boot line and repeated header lines count as samples, the latter as zeros; the iostat device is matched as a substring), so they reproduce published <code>sb.met</code> files. <strong>clean</strong>: only real samples. Per-query values in the tests table use the harness way.</p>
      <div class="table-wrap">
        <table class="small">
          <thead>
            <tr><th rowspan="2">test</th><th rowspan="2">way</th><th colspan="3">vmstat</th><th colspan="7">iostat ${first.harness.iostat?.device ?? ''}</th></tr>
            <tr><th class="num">samples</th><th class="num">cs/s</th><th class="num">us+sy %</th><th class="num">samples</th><th class="num">r/s</th><th class="num">rKB/s</th><th class="num">w/s</th><th class="num">wKB/s</th><th class="num">f/s</th><th class="num">f_await ms</th></tr>
          </thead>
          <tbody>
            ${rows.flatMap((t) =>
              (['harness', 'clean'] as const).map(
                (way) =>
                  html`<tr>${way === 'harness' && html`<th scope="row" rowspan="2">${t.name}</th>`}<td>${way}</td>${avgCells(t.system![way]).map((v) => html`<td class="num">${fmtValue(v)}</td>`)}</tr>`,
              ),
            )}
          </tbody>
        </table>
      </div>
      <p class="small muted">CPUs for µs per query: ${first.cpus ?? 'unknown'} (${first.cpusSource ?? 'not recorded'}). iostat device: ${first.deviceSource ?? 'none chosen'}.</p>`;
}

function configuration(run: Run): Html {
  const settings = Object.entries(run.config.settings ?? {});
  return html`<h2>Configuration</h2>
  ${
    settings.length > 0
      ? html`<table class="small"><thead><tr><th>setting</th><th>value</th></tr></thead><tbody>${settings.map(([k, v]) => html`<tr><td><code>${k}</code></td><td>${v}</td></tr>`)}</tbody></table>`
      : html`<p class="muted small">No config file was kept with the raw files.</p>`
  }
  ${run.config.text && html`<details><summary class="small">${run.config.file ?? 'config file'}</summary><pre>${run.config.text}</pre></details>`}`;
}

/** A link when the URL may be one (safe-url.ts), else the text alone. */
const link = (url: string | undefined, text: string): Html | string => {
  const href = safeHref(url);
  return href ? html`<a href="${href}">${text}</a>` : text;
};

function provenance(run: Run, base: string): Html {
  const p = run.provenance;
  const archive = p.rawArchive;
  return html`<h2>Provenance</h2>
  <p class="small" data-source="${p.source}">${sourceLabel(p.source)}: ${sourceMeaning(p.source)}</p>
  ${run.relative?.map(
    (
      t,
    ) => html`<table class="small relative"><caption>Relative to <a href="${`${base}runs/${t.baseRun}/`}">${t.base}</a>, as printed (${t.digits} decimals, ${t.file})</caption>
      <tbody>${t.values.map((v) => html`<tr><th scope="row">${v.test}</th><td class="num">${v.value.toFixed(t.digits)}</td></tr>`)}</tbody></table>`,
  )}
  <dl class="facts small">
    <dt>harvested by</dt><dd>benchsite ${p.harvester.version} (${p.harvester.format})${p.input && ` from ${p.input}`}</dd>
    ${p.ranBy && html`<dt>ran by</dt><dd>${p.ranBy}</dd>`}
    ${archive && html`<dt>raw files</dt><dd>${link(archive.location, archive.location)} (${bytes(archive.bytes)}, sha256 <code>${archive.sha256.slice(0, 16)}…</code>), ${p.rawFiles.length} files</dd>`}
    ${p.published && html`<dt>published in</dt><dd>${link(p.published.url, p.published.title)}${p.published.date && ` (${p.published.date})`}</dd>`}
  </dl>
  ${p.notes && html`<ul class="small">${p.notes.map((n) => html`<li>${n}</li>`)}</ul>`}
  ${p.commands.length > 0 && html`<details><summary class="small">Commands (${p.commands.length})</summary><pre>${p.commands.join('\n')}</pre></details>`}
  ${
    p.rawFiles.length > 0 &&
    html`<details><summary class="small">Raw file manifest</summary>
      <table class="small"><thead><tr><th>file</th><th class="num">bytes</th><th>sha256</th></tr></thead>
        <tbody>${p.rawFiles.map((f) => html`<tr><td><code>${f.path}</code></td><td class="num">${f.bytes}</td><td><code>${f.sha256}</code></td></tr>`)}</tbody>
      </table>
    </details>`
  }`;
}

/** The page's <main> content. */
function annotationList(list: Annotation[] | undefined): Html | '' {
  if (!list?.length) return '';
  return html`<section class="annotations" aria-label="annotations of this host">
    <p class="small"><strong>Annotations of ${list[0]!.host}</strong> (before this run):</p>
    <ol class="small">
      ${list.map((a) => html`<li data-annotation-date="${a.date}"><strong>${a.date}</strong>: ${a.text}${a.url && safeHref(a.url) ? html` <a href="${safeHref(a.url)!}">more</a>` : ''}</li>`)}
    </ol>
  </section>`;
}

export function runPageBody({ id, run, charts, base, annotations, reports = [] }: RunPageInput): string {
  const failed = run.tests.filter((t) => t.status === 'failed');
  return html`<p class="small muted">${run.benchmark} · ${run.host.name} · ${run.date}</p>
  <h1>${run.label}</h1>
  ${facts(id, run, base, reports)}
  ${annotationList(annotations)}
  ${run.notes && html`<p>${run.notes}</p>`}
  ${failed.length > 0 && html`<p class="warning">${failed.length} test(s) failed: ${failed.map((t) => `${t.name}: ${t.error}`).join('; ')}</p>`}
  ${testsTable(run)}
  ${raw(charts)}
  ${histograms(run)}
  ${systemMetrics(run)}
  ${configuration(run)}
  ${provenance(run, base)}`.text;
}
