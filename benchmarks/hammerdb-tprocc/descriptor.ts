// HammerDB TPROC-C as the engine compares it: NOPM per measured point (virtual users x warehouses), relative
// values at three decimals as the posts print them.
import { hammerdbPrimaryMetric, type HammerdbMetric } from './vocabulary.ts';
import type { BenchmarkDescriptor } from '../../src/engine/descriptor.ts';

export const hammerdbDescriptor: BenchmarkDescriptor = {
  name: 'hammerdb-tprocc',
  relativeName: 'relative NOPM',
  headline: (_test, has) => hammerdbPrimaryMetric(has as (m: HammerdbMetric) => boolean),
  metrics: { nopm: { name: 'nopm', unit: 'new orders/min', direction: 'higher', relativeDigits: 3 } },
  groups: [],
  groupOf: (test) => (test.startsWith('build') ? undefined : 'all'),
  isWarmup: () => false,
  order: (tests) => tests,
  tablePerGroup: false,
  runsAsRows: false,
  costTables: [],
  extraTables: ['nopm-grid', 'system'],
  // iostat and vmstat tables only in the sections the report shows them in (report/View.astro).
  ownView: {
    parts: (report, s) => ({
      groups: ['all'],
      tables: [
        'relative',
        'absolute',
        ...((report.hammerdb?.systemMetricsSections?.includes(s.number) ?? true) ? ['iostat', 'vmstat'] : []),
      ],
      charts: true,
      summaries: true,
    }),
  },
};
