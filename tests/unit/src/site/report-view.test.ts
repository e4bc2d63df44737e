// A report's sections with absolute numbers are drawn by its benchmark's own view: a benchmark without one is an
// error naming the report file and the benchmarks that have a view, never another benchmark's page.
import { describe, expect, it } from 'vitest';
import { reportView } from '../../../../src/site/report-view.ts';

describe('reportView', () => {
  const views = { sysbench: 'S', 'insert-benchmark': 'I', 'hammerdb-tprocc': 'H' };
  it('gives each benchmark its own view', () => {
    expect(reportView(views, 'hammerdb-tprocc', 'r.md')).toBe('H');
    expect(reportView(views, 'sysbench', 'r.md')).toBe('S');
  });
  it('stops on a benchmark without a view, naming the report and the known benchmarks', () => {
    expect(() => reportView(views, 'pgbench', 'content/reports/2026-01-01-x.md')).toThrow(
      'content/reports/2026-01-01-x.md: benchmark "pgbench" has no report view; the benchmarks reports can show are hammerdb-tprocc, insert-benchmark, sysbench. Set `benchmark:` to one of them.',
    );
    // A name that is a key of every object is no view either.
    expect(() => reportView(views, 'constructor', 'r.md')).toThrow('has no report view');
  });
});
