// Every committed report built, and every relative cell of its pages read back: for the same (run, base, test)
// the page's cell, its CSV's cell, the placeholder `rel(run, test, section=N)` and the compare view's cell are the
// same string, each coloured cell's colour agrees with the number it prints (green from 1.05 as printed, red from
// 0.95, the other way round where lower is better), and each coloured cell carries its non-colour marker.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompareIndex } from '../../src/analysis/compare-index.ts';
import { compareViewTable } from '../../src/analysis/compare-view.ts';
import { mergeCompareIndexes } from '../../src/analysis/merge-compare-indexes.ts';
import { modelFromReport, type ReportModel } from '../../src/analysis/report-model.ts';
import { renderPlaceholder } from '../../src/analysis/placeholders.ts';
import { THRESHOLDS, verdictOf, type Direction } from '../../src/engine/verdict.ts';
import { loadRuns } from '../../src/runs/read-runs.ts';
import { parseReportText, reportRunIds } from '../../src/site/validate-report.ts';
import type { Report } from '../../src/schemas/index.ts';
import { reportSections } from '../../src/site/report-sections.ts';
import { buildSite, ROOT } from '../helpers/build-site.ts';
import { cellMarker, cellNumber } from '../helpers/cell-text.ts';
import { htmlTables } from '../helpers/html-tables.ts';

interface PageCell {
  slug: string;
  section: number;
  run: string;
  base: string;
  test: string;
  text: string;
  verdict: string;
  marker?: string;
  direction: Direction;
}

const REPORTS = join(ROOT, 'content/reports');
const slugs = readdirSync(REPORTS)
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/\.md$/, ''));

let dist = '';
const cells: PageCell[] = [];
const reports = new Map<string, { report: Report; model: ReportModel }>();

/** A CSV line's fields (quoted fields as toCsv writes them). */
const fields = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .slice(0, -1)
    .map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!));

/** Every relative cell of a report's CSV tables, by section, run, base and test. */
function csvCells(slug: string): Map<string, string> {
  const out = new Map<string, string>();
  const dir = join(dist, 'reports', slug);
  for (const file of readdirSync(dir).filter((f) => /^relative(-qps|-nopm|-throughput)?(-\d+)?\.csv$/.test(f))) {
    const section = Number(/-(\d+)\.csv$/.exec(file)?.[1] ?? 1);
    const [head, ...lines] = readFileSync(join(dir, file), 'utf8').trim().split('\n');
    const cols = fields(head!);
    for (const line of lines) {
      const row = Object.fromEntries(fields(line).map((v, i) => [cols[i], v]));
      const test =
        row.test ??
        row.step ??
        `vu${row.virtual_users}.w${row.warehouses}${row.stored_procedures && row.stored_procedures !== 'all' ? `.${row.stored_procedures}` : ''}`;
      out.set(`${section}\u0000${row.run}\u0000${row.base}\u0000${test}`, row.relative ?? row.value ?? '');
    }
  }
  return out;
}

/** The relative cells of a report page: each table with `data-section` whose class says relative. */
function pageCells(slug: string, report: Report): PageCell[] {
  const html = readFileSync(join(dist, 'reports', slug, 'index.html'), 'utf8');
  const out: PageCell[] = [];
  for (const t of htmlTables(html)) {
    if (!/\brelative\b/.test(t.attrs.class ?? '') || !t.attrs['data-section']) continue;
    const headRuns = t.head.filter((c) => c.attrs['data-run']);
    for (const row of t.rows) {
      row.cells
        // Number cells (a row's test name may be a plain td).
        .filter((c) => (c.tag === 'td' && /\bnum\b/.test(c.attrs.class ?? '')) || c.attrs['data-step'] !== undefined)
        .forEach((td, j) => {
          const text = cellNumber(td.text);
          if (text === '') return;
          const run = td.attrs['data-run'] ?? row.attrs['data-run'] ?? headRuns[j]?.attrs['data-run'];
          const base = headRuns[j]?.attrs['data-base'] ?? row.attrs['data-base'] ?? t.attrs['data-base'];
          const variant = td.attrs['data-variant'];
          const test =
            td.attrs['data-test'] ??
            td.attrs['data-step'] ??
            row.attrs['data-test'] ??
            `${row.attrs['data-point']}${variant ? `.${variant}` : ''}`;
          expect(run, `${slug}: a cell names its run`).toBeTruthy();
          // The base's own cells (1 against itself) are not comparisons.
          if (!base || run === base) return;
          const verdict = /\b(improvement|regression|neutral)\b/.exec(td.attrs.class ?? '')?.[1] ?? 'neutral';
          out.push({
            slug,
            section: Number(t.attrs['data-section']),
            run: run!,
            base,
            test,
            text,
            // A value voided by a missed SLA is grey whatever it prints (the Insert Benchmark's summary).
            verdict: /\bsla-failed\b/.test(td.attrs.class ?? '') ? 'sla-failed' : verdict,
            marker: cellMarker(td.text),
            direction: t.attrs['data-direction'] === 'lower' ? 'lower' : 'higher',
          });
        });
    }
  }
  expect(report.title).toBeTruthy();
  return out;
}

beforeAll(async () => {
  dist = buildSite();
  const { runs } = await loadRuns(join(ROOT, 'content/runs'));
  const byId = new Map(runs.map((r) => [r.id, r]));
  for (const slug of slugs) {
    const file = join(REPORTS, `${slug}.md`);
    const { report } = parseReportText(file, readFileSync(file, 'utf8'), new Set(byId.keys()));
    expect(report, file).toBeDefined();
    const model = modelFromReport(
      report!,
      reportSections(report!),
      reportRunIds(report!).map((id) => ({ id, run: byId.get(id)!.run })),
      file,
    );
    reports.set(slug, { report: report!, model });
    cells.push(...pageCells(slug, report!));
  }
}, 600_000);

describe('every committed report, every relative cell', () => {
  it('there are cells of every benchmark and of every report that has relative tables', () => {
    expect(cells.length).toBeGreaterThan(1500);
    const benchmarks = new Set(cells.map((c) => reports.get(c.slug)!.report.benchmark));
    expect([...benchmarks].sort()).toEqual(['hammerdb-tprocc', 'insert-benchmark', 'sysbench']);
  });

  it('colour and printed number agree, and every coloured cell has its marker', () => {
    const wrong = cells.filter((c) => {
      if (c.verdict === 'sla-failed') return c.marker !== undefined;
      const t = { ...THRESHOLDS, ...reports.get(c.slug)!.report.thresholds };
      const expected = verdictOf(c.text, c.direction, t);
      return c.verdict !== expected || c.marker !== (expected === 'neutral' ? undefined : expected);
    });
    expect(wrong.map((c) => `${c.slug} ${c.run} ${c.test}: ${c.text} ${c.verdict} ${c.marker}`)).toEqual([]);
    expect(cells.filter((c) => c.verdict === 'improvement').length).toBeGreaterThan(100);
    expect(cells.filter((c) => c.verdict === 'regression').length).toBeGreaterThan(100);
  });

  it("the CSV beside the page holds the page's string for each headline cell", () => {
    const headline = cells.filter((c) => c.direction === 'higher');
    let checked = 0;
    for (const slug of new Set(headline.map((c) => c.slug))) {
      const csv = csvCells(slug);
      for (const c of headline.filter((x) => x.slug === slug)) {
        expect(csv.get(`${c.section}\u0000${c.run}\u0000${c.base}\u0000${c.test}`), `${slug} ${c.run} ${c.test}`).toBe(
          c.text,
        );
        checked++;
      }
    }
    expect(checked).toBe(headline.length);
  });

  it("the placeholder rel(run, test, section=N) prints the page's string", () => {
    const headline = cells.filter((c) => c.direction === 'higher');
    for (const c of headline) {
      const model = reports.get(c.slug)!.model;
      expect(
        renderPlaceholder(model, ` rel("${c.run}", "${c.test}", section=${c.section}) `),
        `${c.slug} ${c.test}`,
      ).toBe(c.text);
    }
    expect(headline.length).toBeGreaterThan(1300);
  });

  it("the compare view of the same base and run prints the page's string", () => {
    // The view's data as it loads it: the file of each host of the base and the run (run ids are
    // <benchmark>/<host>/<name>), merged.
    const groupOf = (id: string) => id.split('/').slice(0, 2).join('/');
    const groupFile = (group: string): CompareIndex => {
      const [benchmark, host] = group.split('/');
      return JSON.parse(readFileSync(join(dist, 'data', 'compare', benchmark!, `${host}.json`), 'utf8'));
    };
    const headline = cells.filter((c) => c.direction === 'higher');
    expect(headline.length).toBeGreaterThan(0);
    for (const c of headline) {
      const index = mergeCompareIndexes([...new Set([c.base, c.run].map(groupOf))].map(groupFile));
      const run = index.runs.find((r) => r.id === c.run)!;
      const base = index.runs.find((r) => r.id === c.base)!;
      const table = compareViewTable(index, base, [run]);
      const row = table.rows.find((r) => r.key === c.test);
      expect(row?.cells[1]?.text, `${c.slug} ${c.base} -> ${c.run} ${c.test}`).toBe(c.text);
    }
  });
});
