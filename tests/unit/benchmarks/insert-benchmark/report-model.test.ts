// Our Insert Benchmark report model must agree with what the mytools report scripts made of the same raw files
// (realruns/ibench.tar.gz: report/report.etl.<m>/all.html). Every table of all.html is checked cell by cell:
// the summary tables, each step's metrics (mrg.<step>.some), response-time histograms and iostat averages.
//
// chart_all.sh builds its throughput tables by pasting per-step files from which it drops a DBMS whose etl line
// has an empty cell (`awk 'NF == 21'`; steps shorter than the iostat interval have empty system columns), and it
// reads the pasted rows back with awk's whitespace splitting, so later cells of such a row move left. The test
// reproduces that from our values and the o.sum.t lines: each all.html cell is then exactly ours, or empty.
import { describe, expect, it } from 'vitest';
import {
  insertBenchmarkReport,
  type InsertBenchmarkReportModel,
} from '../../../../benchmarks/insert-benchmark/report/model.ts';
import {
  formatSummaryValue,
  sumIostatValue,
  SUMMARY_COLUMNS,
} from '../../../../benchmarks/insert-benchmark/vocabulary.ts';
import { printfFixed } from '../../../../src/lib/c-printf.ts';
import { archiveText } from '../../../helpers/fixtures.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';
import { withNoiseRows } from '../../../../collectors/lib/noise-rows.ts';

const ARCHIVE = 'realruns/ibench.tar.gz';
const ALL_STEPS = [
  'l.i0',
  'l.x',
  'l.i1',
  'l.i2',
  'qr100.L1',
  'qp100.L2',
  'qr500.L3',
  'qp500.L4',
  'qr1000.L5',
  'qp1000.L6',
];
const h = await harvestFixture(ARCHIVE);

interface Cell {
  id?: string;
  text: string;
}
const cellsOf = (row: string): Cell[] =>
  [...row.matchAll(/<td(?: id="?(\w+)"?)?>([^<]*)<\/td>/g)].map((c) => ({ id: c[1], text: c[2]! }));
/** `<tr><td>dbms</td>...</tr>` rows of an HTML table: name and cells. */
const htmlRows = (html: string) =>
  [...html.matchAll(/<tr><td(?: id="?\w+"?)?>([^<]+)<\/td>(.*?)<\/tr>/gs)].map((m) => ({
    dbms: m[1]!,
    cells: cellsOf(m[2]!),
  }));

describe.each(['1m', '0.2m'])('the %s report (all.html)', (m) => {
  const html = archiveText(ARCHIVE, `ibench/report/report.etl.${m}/all.html`);
  const labels = [`${m}.pg1518.ccy1`, `${m}.ma101119.ccy1`];
  const byLabel = (l: string) => h.byLabel.get(l)!;
  const model: InsertBenchmarkReportModel = insertBenchmarkReport({
    runs: labels.map((l) => ({ id: byLabel(l).id, run: byLabel(l).run })),
    base: byLabel(labels[0]!).id,
    order: labels.map((l) => byLabel(l).id),
    series: Object.fromEntries(labels.map((l) => [byLabel(l).id, byLabel(l).series])),
  });
  const tables = [...html.matchAll(/<table border="1" cellpadding="8" >(.*?)<\/table>/gs)].map((t) => t[1]!);
  const [tput, tputr, iput] = tables;
  /** The o.sum.t line of a run's step (etl.sh), as report.sh saw it. */
  const sumLine = (label: string, step: string) => {
    const lines = archiveText(ARCHIVE, `ibench/report/sum.${m}.dop1/o.sum.t.${label}`).split('\n');
    return lines[1 + ALL_STEPS.indexOf(step)]!.split('\t');
  };

  it('has the same rows (the first one is the base) and the steps that ran', () => {
    expect(model.rows.map((r) => r.label)).toEqual(htmlRows(tput!).map((r) => r.dbms));
    expect(model.steps.map((s) => s.name)).toEqual(ALL_STEPS.slice(0, 8));
  });

  it('absolute and relative throughput: every cell of tput.tab and tputr.tab, as chart_all.sh lays them out', () => {
    // chart_all.sh's z1: per step, the values of the DBMSs whose etl line is complete, pasted in row order.
    const columns = ALL_STEPS.map((step) => {
      const ours = model.steps.findIndex((s) => s.name === step);
      return labels
        .filter((l) => ours >= 0 && sumLine(l, step).every((c) => c !== ''))
        .map((l) => model.throughput[labels.indexOf(l)]![ours]!.value!);
    });
    const z1 = labels.map((_, r) =>
      columns
        .map((col) => (col[r] === undefined ? '' : String(col[r])))
        .join('\t')
        .split(/\s+/)
        .filter(Boolean),
    );
    const shown = htmlRows(tput!);
    const shownRel = htmlRows(tputr!);
    let same = 0;
    labels.forEach((_, r) => {
      ALL_STEPS.forEach((step, j) => {
        expect(shown[r]!.cells[j]!.text, `${labels[r]} ${step}`).toBe(z1[r]![j] ?? '');
        const rel =
          r === 0 ? '1.00' : z1[r]![j] === undefined ? '' : printfFixed(Number(z1[r]![j]) / Number(z1[0]![j]), 2);
        expect(shownRel[r]!.cells[j]!.text, `relative ${labels[r]} ${step}`).toBe(rel);
        // Where chart_all.sh did not shift the row, the cell is simply our value.
        const ours = model.steps.findIndex((s) => s.name === step);
        if (ours >= 0 && z1[r]![j] !== undefined && columns.slice(0, j + 1).every((c) => c.length === labels.length)) {
          expect(Number(shown[r]!.cells[j]!.text)).toBe(model.throughput[r]![ours]!.value);
          expect(shownRel[r]!.cells[j]!.text).toBe(r === 0 ? '1.00' : model.relative[r]![ours]!.text);
          same++;
        }
      });
    });
    // In both reports only l.i0 comes before the first column chart_all.sh shifted (l.x).
    expect(same).toBe(2);
  });

  it('background insert rate: every cell of iput.tab, the SLA failures and the target row', () => {
    const rows = htmlRows(iput!);
    const target = rows.find((r) => r.dbms === 'target')!;
    model.background.steps.forEach((s, j) => {
      expect(Number(target.cells[j]!.text), s.name).toBe(model.background.targets[j]);
      model.rows.forEach((row, i) => {
        const shown = rows.find((r) => r.dbms === row.label)!.cells[j]!;
        const c = model.background.cells[i]![j]!;
        expect(Number(shown.text), `${row.label} ${s.name}`).toBe(Math.round(c.achieved!));
        expect(shown.id === 'cmin', `${row.label} ${s.name} SLA`).toBe(c.slaFailed);
      });
    });
  });

  describe.each(ALL_STEPS.slice(0, 8))('step %s', (step) => {
    const block = new RegExp(`<h1 id="${step.replace(/\./g, '\\.')}\\.graph">(.*?)<hr />`, 's').exec(html)![1]!;
    const detail = model.details.find((d) => d.step.name === step)!;
    // The two <pre> blocks: mrg.<step>.some and the iostat averages; first line the header.
    const pres = [...block.matchAll(/<pre>\n(.*?)<\/pre>/gs)].map((p) =>
      p[1]!
        .trim()
        .split('\n')
        .map((l) => l.split('\t')),
    );

    it('metrics: every cell of mrg.<step>.some (rps printed with %.0f by mrg3.sh)', () => {
      const lines = pres[0]!.slice(1);
      model.rows.forEach((row, i) => {
        const line = lines.find((l) => l[l.length - 1] === row.label)!;
        const sum = sumLine(labels[i]!, step);
        SUMMARY_COLUMNS.forEach((c, j) => {
          const ours = detail.metrics[i]!.values[j];
          const shown = line[j]!;
          if (sum.includes('') && ['rps', 'csps'].includes(c)) {
            // A step without iostat samples: mrg3.sh prints an empty rps as 0 and etl.sh's csps holds dbGB (line shift).
            expect(ours, `${row.label} ${c}`).toBeUndefined();
          } else if (shown === '' || shown === 'NA') {
            expect(ours, `${row.label} ${c}`).toBeUndefined();
          } else {
            expect(c === 'rps' ? printfFixed(ours!, 0) : formatSummaryValue(c, ours), `${row.label} ${c}`).toBe(shown);
          }
        });
      });
    });

    it('iostat averages: every cell of the iostat block (sum_iostat.sh)', () => {
      const [header, ...lines] = pres[1]!;
      // The harness cuts column names to 7 characters (rareq-sz -> rareq-s).
      if (detail.iostat) expect(detail.iostat.columns.map((c) => c.slice(0, 7))).toEqual(header!.filter(Boolean));
      model.rows.forEach((row, i) => {
        const line = lines.find((l) => l[l.length - 1] === row.label)!;
        const values = line.slice(0, -2);
        const ours = detail.iostat?.rows[i]!.values ?? [];
        if (values.length === 0)
          expect(
            ours.filter((v) => v !== undefined),
            row.label,
          ).toEqual([]);
        else
          expect(
            ours.map((v) => sumIostatValue(v!)),
            row.label,
          ).toEqual(values);
      });
    });

    it('response-time histograms: every table (percent per bucket, max)', () => {
      const shownTables = [
        ...block.matchAll(/<p>(Insert|Delete|Query) response time histogram.*?<table[^>]*>(.*?)<\/table>/gs),
      ];
      for (const t of shownTables) {
        const op = t[1]!.toLowerCase();
        const ours = detail.histograms.find((x) => x.op === op)!;
        expect(ours, op).toBeDefined();
        for (const r of htmlRows(t[2]!)) {
          const row = ours.rows.find((x) => x.row.label === r.dbms)!;
          expect([...row.cells, printfFixed(row.maxSeconds!, 3)], `${op} ${r.dbms}`).toEqual(
            r.cells.map((c) => c.text),
          );
        }
      }
      if (step.startsWith('q'))
        expect(shownTables.map((t) => t[1]!.toLowerCase())).toEqual(detail.histograms.map((x) => x.op));
    });
  });

  it('the chart has the per-second op rate of client 1 for every step but l.x', () => {
    const steps = [...new Set(model.chart.map((p) => p.step))];
    expect(steps).toEqual(ALL_STEPS.slice(0, 8).filter((s) => s !== 'l.x'));
    const qr100 = model.chart.filter((p) => p.step === 'qr100.L1' && p.run === 'pg1518.ccy1');
    const rows = byLabel(labels[0]!).series.tests['qr100.L1']!.find((s) => s.name === 'iibench.client1')!.rows;
    expect(qr100.map((p) => p.value)).toEqual(rows.map((r) => r[6]));
  });
});

describe('relative throughput within noise', () => {
  it('each relative cell carries the interval of its ratio from both runs’ per-second lines, muted when it includes 1', () => {
    const labels = ['1m.pg1518.ccy1', '1m.ma101119.ccy1'];
    const runs = labels.map((l) => {
      const x = h.byLabel.get(l)!;
      return { id: x.id, run: withNoiseRows(x.run, x.series) };
    });
    const model = insertBenchmarkReport({ runs, base: runs[0]!.id, order: runs.map((r) => r.id) });
    const cells = model.relative[1]!.filter((c) => c.interval);
    expect(cells.length).toBeGreaterThan(3);
    for (const c of cells) {
      expect(c.interval!.low).toBeLessThan(c.interval!.high);
      expect(c.withinNoise).toBe(c.interval!.low <= 1 && c.interval!.high >= 1);
    }
    expect(model.relative[0]!.every((c) => !c.interval)).toBe(true); // the base row
  });
});
