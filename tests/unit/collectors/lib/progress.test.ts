import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { Progress, statusText } from '../../../../collectors/lib/progress.ts';

function sink(isTTY: boolean) {
  const chunks: string[] = [];
  const out = new Writable({
    write: (c, _e, cb) => (chunks.push(c.toString()), cb()),
  }) as unknown as NodeJS.WriteStream;
  Object.assign(out, { isTTY, columns: 100 });
  return { out, text: () => chunks.join('') };
}

const status = {
  dbms: 'pg15.sync',
  step: 'update-index',
  index: 3,
  total: 12,
  startedAt: Date.parse('2026-11-22T03:00:00Z'),
  remainingSeconds: 130,
  rate: 1234.4,
};

describe('progress', () => {
  it('a status line: host, DBMS, i/N, test, elapsed, ETA, live QPS', () => {
    expect(statusText('lab1', status, Date.parse('2026-11-22T03:01:05Z'))).toBe(
      'lab1  pg15.sync  [3/12]  update-index  1:05 elapsed  ETA 2:10  1234 qps',
    );
  });

  it('not a terminal: plain log lines, no status redraws', () => {
    const s = sink(false);
    const p = new Progress(s.out, false);
    p.status('lab1', status);
    p.log('lab1', 'pg15.sync: [3/12] update-index (10 s, 1 thread)');
    p.stop();
    expect(s.text()).toMatch(/^\d\d:\d\d:\d\d lab1: pg15\.sync: \[3\/12\] update-index \(10 s, 1 thread\)\n$/);
  });

  it('a terminal: one status line per host, redrawn in place, logs above them', () => {
    const s = sink(true);
    const p = new Progress(s.out, true);
    p.status('lab1', status);
    p.status('lab2', { ...status, dbms: 'ma11' });
    p.log('lab1', 'done');
    p.stop();
    const text = s.text();
    expect(text).toContain('lab1  pg15.sync  [3/12]');
    expect(text).toContain('lab2  ma11  [3/12]');
    expect(text).toContain('\x1b[2A\x1b[0J'); // cursor up over the two status lines before redrawing
    expect(text).toMatch(/\d\d:\d\d:\d\d lab1: done\n/);
  });
});
