// The JSON object test of the run-file parsers' fast paths (parse-run-file.ts, parse-series-file.ts).

/** A plain object as JSON.parse makes one: not null, not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
