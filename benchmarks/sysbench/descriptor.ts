// sysbench as the engine compares it: QPS per microbenchmark (Krows/s for scan, as the mytools harness reports
// it), in the posts' four groups, with the costs per query of the efficiency tables.
import { sysbenchPrimaryMetric, type SysbenchMetric } from './metrics.ts';
import { SYSBENCH_GROUPS, isWarmupTest, sysbenchGroup } from './groups.ts';
import type { BenchmarkDescriptor, CostTable, MetricDescriptor } from '../../src/engine/descriptor.ts';

const throughput = (name: string, unit: string): MetricDescriptor => ({
  name,
  unit,
  direction: 'higher',
  relativeDigits: 2,
});
const cost = (name: string, unit: string): MetricDescriptor => ({ name, unit, direction: 'lower', relativeDigits: 2 });

const COSTS: CostTable[] = [
  { id: 'cpu', title: 'CPU per query: vmstat (us+sy) / QPS', unit: 'cpu%/(query/s)', per: 'cpu' },
  { id: 'cs', title: 'Context switches per query', unit: 'switches/query', per: 'cs' },
  { id: 'reads', title: 'Storage reads per query', unit: 'reads/query', per: 'reads' },
  { id: 'rkb', title: 'KB read per query', unit: 'KB/query', per: 'rkb' },
  { id: 'wkb', title: 'KB written per query', unit: 'KB/query', per: 'wkb' },
].map(({ id, title, unit, per }) => ({
  id,
  title,
  unit,
  metricByHeadline: { qps: `${per}_per_query`, scan_krows_per_s: `${per}_per_krow` },
}));

export const sysbenchDescriptor: BenchmarkDescriptor = {
  name: 'sysbench',
  relativeName: 'rQPS',
  headline: (_test, has) => sysbenchPrimaryMetric(has as (m: SysbenchMetric) => boolean),
  metrics: Object.fromEntries(
    [
      throughput('qps', 'queries/s'),
      throughput('scan_krows_per_s', 'Krows/s'),
      ...COSTS.flatMap((c) => [
        cost(c.metricByHeadline.qps!, c.unit),
        cost(c.metricByHeadline.scan_krows_per_s!, c.unit.replace('query', 'Krow')),
      ]),
    ].map((m) => [m.name, m]),
  ),
  groups: SYSBENCH_GROUPS.map((g) => ({ ...g, kind: g.id === 'writes' ? 'write' : 'read' })),
  groupOf: sysbenchGroup,
  isWarmup: isWarmupTest,
  order: (tests) => tests,
  tablePerGroup: true,
  runsAsRows: false,
  costTables: COSTS,
  extraTables: [],
  ownView: {
    parts: (_report, s) => ({ groups: s.groups, tables: ['relative', 'absolute'], charts: true, summaries: true }),
  },
};
