// An Insert Benchmark run's etl.sh columns, for the tests that check a harvested run against the tables the
// harness printed from the same files.
import type { Run } from '../../src/schemas/index.ts';
import {
  parseStepName,
  SUMMARY_COLUMNS,
  summaryColumnValue,
  type SummaryColumn,
} from '../../benchmarks/insert-benchmark/vocabulary.ts';
import { resultValue } from './written-runs.ts';

/** An etl.sh column of a step, as the harness prints it, from the metric the run stores it under. */
export function summaryColumn(run: Run, test: string, col: string): number | undefined {
  return (SUMMARY_COLUMNS as readonly string[]).includes(col)
    ? summaryColumnValue(col as SummaryColumn, parseStepName(test)!.kind, (m) => resultValue(run, test, m))
    : resultValue(run, test, col);
}
