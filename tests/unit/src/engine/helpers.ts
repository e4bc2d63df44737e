// Small runs for the engine's tests: a RunData from a table of values, as a run, a summary or an index row gives one.
import type { RunData } from '../../../../src/engine/run-data.ts';

export function data(
  id: string,
  values: Record<string, Record<string, number>>,
  opts: { failed?: Record<string, string>; published?: Record<string, Record<string, number>> } = {},
): RunData {
  return {
    id,
    value: (test, metric) => values[test]?.[metric],
    hasTest: (test) => test in values || test in (opts.failed ?? {}),
    failure: (test) => opts.failed?.[test],
    published: (baseRun, test) => opts.published?.[baseRun]?.[test],
  };
}
