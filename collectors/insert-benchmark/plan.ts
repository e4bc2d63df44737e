// Run spec -> the steps of a insert-benchmark run. Not available yet: the plan says so and runs nothing.
import type { InsertBenchmarkSpec, SpecDbms } from '../../src/schemas/index.ts';
import type { Plan } from '../lib/steps.ts';

export function planInsertBenchmark(_spec: InsertBenchmarkSpec, _dbms: SpecDbms[]): Plan {
  return { runs: [], skipped: [{ test: 'insert-benchmark', reason: 'benchsite cannot run the insert-benchmark yet; harvest its output instead' }] };
}
