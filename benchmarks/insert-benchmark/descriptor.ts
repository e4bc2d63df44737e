// The Insert Benchmark as the engine compares it: each step's throughput (inserts/s for the load and write
// steps, queries/s for the query steps), printed and divided as the harness's sum_met.awk does (integers, then
// `%.2f`, with its NA / 1 / inf), the write steps and the query steps summarised apart.
import { insertBenchmarkPrimaryMetric, parseStepName, sortSteps, type StepMetric } from './steps.ts';
import type { BenchmarkDescriptor, MetricDescriptor } from '../../src/engine/descriptor.ts';

const rate = (name: string, unit: string): MetricDescriptor => ({
  name,
  unit,
  direction: 'higher',
  relativeDigits: 2,
  valueDigits: 0,
  relativeOfPrinted: true,
  awkTexts: true,
});

export const insertBenchmarkDescriptor: BenchmarkDescriptor = {
  name: 'insert-benchmark',
  relativeName: 'relative throughput',
  headline: (test, has) => insertBenchmarkPrimaryMetric(test, has as (m: StepMetric) => boolean),
  metrics: Object.fromEntries(
    [rate('inserts_per_s', 'inserts/s'), rate('queries_per_s', 'queries/s')].map((m) => [m.name, m]),
  ),
  groups: [
    { id: 'writes', title: 'Load and write steps', kind: 'write' },
    { id: 'queries', title: 'Query steps', kind: 'read' },
  ],
  groupOf: (test) => (parseStepName(test)?.kind === 'query' ? 'queries' : 'writes'),
  isWarmup: () => false,
  order: sortSteps,
  tablePerGroup: false,
  runsAsRows: true,
  costTables: [],
  extraTables: ['throughput', 'background-inserts', 'step-metrics', 'histograms', 'iostat'],
  ownView: {
    parts: () => ({
      groups: ['all'],
      tables: ['relative', 'throughput', 'background-inserts'],
      charts: true,
      summaries: false,
    }),
  },
};
