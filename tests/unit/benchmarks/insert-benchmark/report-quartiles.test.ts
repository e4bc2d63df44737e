// The quartile colouring of the absolute throughput table, checked against the mytools report itself: applied
// to the values its summary table shows (all.html / tput.tab), it gives the same cell ids (cmax = top quarter,
// cmin = bottom quarter, cgray = SLA failed), with the SLA failures of its background insert table (iput.tab).
import { describe, expect, it } from 'vitest';
import { columnQuartiles } from '../../../../benchmarks/insert-benchmark/report/quartiles.ts';
import { archiveText } from '../../../helpers/fixtures.ts';

interface HtmlCell {
  id?: string;
  text: string;
}

/** Rows of an HTML table of the mytools report: the DBMS name, then its cells. */
function htmlRows(html: string): Array<{ dbms: string; cells: HtmlCell[] }> {
  return [...html.matchAll(/<tr><td>([^<]+)<\/td>(.*?)<\/tr>/gs)].map((m) => ({
    dbms: m[1]!,
    cells: [...m[2]!.matchAll(/<td(?: id="?(\w+)"?)?>([^<]*)<\/td>/g)].map((c) => ({ id: c[1], text: c[2]! })),
  }));
}

describe.each(['1m', '0.2m'])('tput.tab of the %s report', (m) => {
  const dir = `ibench/report/report.etl.${m}/`;
  const tput = htmlRows(archiveText('realruns/ibench.tar.gz', `${dir}tput.tab`));
  const iput = htmlRows(archiveText('realruns/ibench.tar.gz', `${dir}iput.tab`)).filter((r) => r.dbms !== 'target');
  const steps = ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100', 'qp100', 'qr500', 'qp500', 'qr1000', 'qp1000'];
  // Columns where every DBMS has a value: chart_all.sh's awk/bash arithmetic is undefined on empty cells.
  const full = steps.map((_, j) => j).filter((j) => tput.every((r) => r.cells[j]!.text !== ''));

  it('has complete columns to check', () => {
    expect(full.length).toBeGreaterThanOrEqual(5);
  });

  it.each(full.map((j) => ({ j, step: steps[j]! })))('column $step: same ids as the report', ({ j }) => {
    const sla = tput.map((r) => (j >= 4 ? iput.find((x) => x.dbms === r.dbms)!.cells[j - 4]!.id === 'cmin' : false));
    const q = columnQuartiles(tput.map((r, i) => ({ value: Number(r.cells[j]!.text), slaFailed: sla[i] })));
    const ids = q.map((x, i) => (x === 'bottom' ? 'cmin' : sla[i] ? 'cgray' : x === 'top' ? 'cmax' : undefined));
    expect(ids).toEqual(tput.map((r) => r.cells[j]!.id));
  });
});
