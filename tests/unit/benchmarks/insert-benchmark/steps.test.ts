// Step names of every generation of the ibench harness (docs/formats/insert-benchmark.md 1.2) and the 2021 report names.
import { describe, expect, it } from 'vitest';
import { parseStepName, sortSteps } from '../../../../benchmarks/insert-benchmark/vocabulary.ts';

describe('parseStepName', () => {
  it.each([
    ['l.i0', { kind: 'load', short: 'l.i0' }],
    ['l.x', { kind: 'index' }],
    ['l.i2', { kind: 'write' }],
    ['qr100.L1', { kind: 'query', queries: 'range', ratePerClient: 100, loop: 1, short: 'qr100' }],
    ['qp1000.L6', { kind: 'query', queries: 'point', ratePerClient: 1000, loop: 6, short: 'qp1000' }],
    ['qp.L2.ips500', { kind: 'query', queries: 'point', ratePerClient: 500, loop: 2 }],
    ['r.L1.ips100', { kind: 'query', queries: 'range', ratePerClient: 100 }],
    ['q.L4.ips200', { kind: 'query', queries: 'mixed', ratePerClient: 200, loop: 4 }],
    ['q1000.2', { kind: 'query', queries: 'mixed', ratePerClient: 1000, loop: 2 }],
  ])('%s', (name, expected) => {
    expect(parseStepName(name)).toMatchObject({ name, ...expected });
  });

  it('is undefined for other names', () => {
    for (const n of ['end', 'l.y', 'qr100', 'o.res.dop1']) expect(parseStepName(n)).toBeUndefined();
  });

  it('sorts in run order, whatever the listing order', () => {
    expect(sortSteps(['qp500.L4', 'l.x', 'qr100.L1', 'l.i2', 'l.i0', 'qp100.L2', 'l.i1', 'qr500.L3'])).toEqual([
      'l.i0',
      'l.x',
      'l.i1',
      'l.i2',
      'qr100.L1',
      'qp100.L2',
      'qr500.L3',
      'qp500.L4',
    ]);
    expect(sortSteps(['q1000.2', 'q100.2', 'l.i1', 'q200.1', 'q100.1'])).toEqual([
      'l.i1',
      'q100.1',
      'q100.2',
      'q200.1',
      'q1000.2',
    ]);
  });
});
