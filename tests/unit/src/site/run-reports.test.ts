// The reports a run page lists: read from the reports' frontmatter, drafts and unreadable files left out.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportsByRun } from '../../../../src/site/run-reports.ts';

const A = 'sysbench/vm/20261122-x.pg1518.cy1.pk1';
const B = 'sysbench/vm/20261122-x.pg1518.cy2.pk1';
const C = 'sysbench/vm/20261122-x.ma101119.cy1.pk1';
const report = (fm: string) => `---\n${fm}\n---\nProse.\n`;

describe('reportsByRun', () => {
  it('maps every run a report names (base, runs, sections) to the report, newest first, without drafts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchsite-run-reports-'));
    const w = (f: string, t: string) => writeFileSync(join(dir, f), t);
    w('2026-01-01-old.md', report(`title: Old\ndate: 2026-01-01\nbenchmark: sysbench\nbase: ${A}\nruns: [${B}]`));
    w(
      '2026-02-01-new.md',
      report(
        `title: "New: two sections"\ndate: 2026-02-01\nbenchmark: sysbench\nsections:\n  - { base: ${A}, runs: [${C}] }\n  - { base: ${C}, runs: [${A}] }`,
      ),
    );
    w(
      '2026-03-01-draft.md',
      report(`title: Draft\ndate: 2026-03-01\nbenchmark: sysbench\ndraft: true\nbase: ${A}\nruns: [${B}]`),
    );
    w('2026-04-01-broken.md', report('title: [unclosed'));
    w('notes.txt', 'not a report');
    const m = reportsByRun(dir);
    expect(m.get(A)).toEqual([
      { slug: '2026-02-01-new', title: 'New: two sections', date: '2026-02-01' },
      { slug: '2026-01-01-old', title: 'Old', date: '2026-01-01' },
    ]);
    expect(m.get(B)).toEqual([{ slug: '2026-01-01-old', title: 'Old', date: '2026-01-01' }]);
    expect(m.get(C)!.map((r) => r.slug)).toEqual(['2026-02-01-new']);
    expect([...m.keys()].sort()).toEqual([A, B, C].sort());
  });

  it('is empty when there is no reports folder', () => {
    expect(reportsByRun(join(tmpdir(), 'benchsite-no-such-folder')).size).toBe(0);
  });
});
