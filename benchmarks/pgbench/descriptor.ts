// pgbench as the comparison engine compares it (site-safe): TPS per test (script x clients), relative values at
// two decimals, the built-in read-write scripts, select-only and custom scripts as groups, and the costs per
// transaction from vmstat and iostat. Names and order only; the engine does the arithmetic.
import type { BenchmarkDescriptor, CostTable, MetricDescriptor } from '../../src/engine/descriptor.ts';
import { INIT_TEST, pgbenchPrimaryMetric, pgbenchTestParts, testOrder, type PgbenchMetric } from './vocabulary.ts';

const COSTS: CostTable[] = [
  { id: 'cpu', title: 'CPU per transaction: vmstat (us+sy) / TPS', unit: 'cpu%/(transaction/s)', per: 'cpu' },
  { id: 'cs', title: 'Context switches per transaction', unit: 'switches/transaction', per: 'cs' },
  { id: 'reads', title: 'Storage reads per transaction', unit: 'reads/transaction', per: 'reads' },
  { id: 'rkb', title: 'KB read per transaction', unit: 'KB/transaction', per: 'rkb' },
  { id: 'wkb', title: 'KB written per transaction', unit: 'KB/transaction', per: 'wkb' },
].map(({ id, title, unit, per }) => ({ id, title, unit, metricByHeadline: { tps: `${per}_per_transaction` } }));

const metric = (name: string, unit: string, direction: 'higher' | 'lower'): MetricDescriptor => ({
  name,
  unit,
  direction,
  relativeDigits: 2,
});

const WRITES = ['tpcb-like', 'simple-update'];

export const pgbenchDescriptor: BenchmarkDescriptor = {
  name: 'pgbench',
  relativeName: 'rTPS',
  headline: (_test, has) => pgbenchPrimaryMetric(has as (m: PgbenchMetric) => boolean),
  metrics: Object.fromEntries(
    [
      metric('tps', 'transactions/s', 'higher'),
      metric('latency_avg_ms', 'ms', 'lower'),
      ...COSTS.map((c) => metric(c.metricByHeadline.tps!, c.unit, 'lower')),
    ].map((m) => [m.name, m]),
  ),
  groups: [
    { id: 'read-write', title: 'Read-write scripts (tpcb-like, simple-update)', kind: 'write' },
    { id: 'read-only', title: 'Read-only script (select-only)', kind: 'read' },
    { id: 'custom', title: 'Custom scripts', kind: 'mixed' },
  ],
  groupOf: (test) => {
    if (test === INIT_TEST) return undefined;
    const script = pgbenchTestParts(test)?.script;
    if (script === 'select-only') return 'read-only';
    return script && WRITES.includes(script) ? 'read-write' : 'custom';
  },
  isWarmup: () => false,
  order: (tests) => [...tests].sort(testOrder),
  tablePerGroup: false,
  runsAsRows: false,
  costTables: COSTS,
  extraTables: [],
};
