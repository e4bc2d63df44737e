// The history time axis: runs of one date (all of a post's runs carry its date) are drawn side by side around
// it, not on one vertical line, and the line goes through each run's median.
import { describe, expect, it } from 'vitest';
import { historyTimeSpec, spreadOffsets } from '../../../../src/charts/history-time.ts';
import { drawChart } from '../../../../src/charts/render-svg.ts';

const post = ['17.10', '18.4', '19beta1'].flatMap((v, k) =>
  ['a', 'b', 'c'].map((test, t) => ({
    run: `r${k}`,
    date: '2026-06-09',
    series: v,
    test,
    relative: 1 + k * 0.1 + t * 0.01,
  })),
);

/** The x coordinate of every dot (a symbol path). */
function xs(svg: string) {
  const dots = [...svg.matchAll(/<path transform="translate\(([-\d.]+),[-\d.]+\)" d="M2\.7,0A/g)].map((m) =>
    Number(m[1]),
  );
  return dots;
}

describe('history time axis', () => {
  it('spreads runs of one date around it, in the order given, a few pixels apart', () => {
    const off = spreadOffsets([
      { run: 'a', date: '2026-06-09' },
      { run: 'b', date: '2026-06-09' },
      { run: 'c', date: '2026-06-09' },
      { run: 'd', date: '2026-07-01' },
    ]);
    expect([...off]).toEqual([
      ['a', -12],
      ['b', 0],
      ['c', 12],
      ['d', 0],
    ]);
    // Closer when the next date is near: never into the next date's place.
    const near = spreadOffsets([
      ...['a', 'b', 'c', 'd'].map((run) => ({ run, date: '2026-01-01' })),
      { run: 'e', date: '2026-01-02' },
      { run: 'f', date: '2026-12-31' },
    ]);
    const gap = (1 / 364) * 420;
    expect(near.get('d')! - near.get('a')!).toBeLessThan(gap);
    expect(near.get('b')).toBeLessThan(near.get('c')!);
  });

  it('draws the runs of one date at three places, the median line through them', async () => {
    const svg = await drawChart(historyTimeSpec(post, [], { baseLabel: 'postgres 17.10' }), 't');
    const places = [...new Set(xs(svg).map((x) => Math.round(x)))];
    expect(places).toHaveLength(3);
    expect(places[1]! - places[0]!).toBeCloseTo(12, 0);
    // The line: one point per run, at the runs' places, through each run's median.
    const line = /<path d="M([-\d.]+),([-\d.]+)L([-\d.]+),([-\d.]+)L([-\d.]+),([-\d.]+)"/.exec(svg)!;
    expect([line[1], line[3], line[5]].map((x) => Math.round(Number(x)))).toEqual(places);
    expect(svg).toContain('2026-06-09');
    expect(svg).toContain('runs of one date are set side by side around it');
  });
});
