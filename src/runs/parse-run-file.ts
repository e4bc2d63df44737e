// A run's `results` are most of its zod check (a sysbench run has thousands of rows), and the site build checks
// every run.json. So, as for series.json (parse-series-file.ts): zod checks the run with no results, a plain
// loop checks the rows and what RunSchema's refinement says of them, and at the first doubt zod checks the
// whole file, so a bad file gets zod's own issues. RunSchema stays the one declaration of the format.
import type { z } from 'zod';
import { isObject } from '../lib/is-object.ts';
import { badNameChar, isRelativePath, SHA256_HEX } from '../schemas/common.ts';
import { RunSchema, type Run } from '../schemas/index.ts';
import { METRIC_NAME } from '../schemas/result.ts';

/** The rows as ResultRowSchema outputs them, or undefined when any row is not one it accepts. */
function resultRows(rows: unknown[]): Run['results'] | undefined {
  const out: Run['results'] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!isObject(r) || Object.keys(r).length !== 4) return undefined;
    const { test, metric, value, unit } = r;
    if (typeof test !== 'string' || !test || badNameChar(test)) return undefined;
    if (typeof metric !== 'string' || !METRIC_NAME.test(metric)) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    if (typeof unit !== 'string' || !unit) return undefined;
    // A strict object's output: a new object of its fields, in the schema's order.
    out[i] = { test, metric, value, unit };
  }
  return out;
}

/**
 * `provenance.rawFiles` as RawFileSchema outputs them, or undefined at any doubt (zod then checks them): a run
 * lists a hundred raw files, and zod's objects and regex for each cost more than the rest of its provenance.
 */
function rawFileRows(rows: unknown[]): Run['provenance']['rawFiles'] | undefined {
  const out: Run['provenance']['rawFiles'] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (!isObject(r) || Object.keys(r).length !== 3) return undefined;
    const { path, bytes, sha256 } = r;
    if (typeof path !== 'string' || !isRelativePath(path)) return undefined;
    // A safe integer from 0 (-0 left to zod).
    if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0 || Object.is(bytes, -0))
      return undefined;
    if (typeof sha256 !== 'string' || !SHA256_HEX.test(sha256)) return undefined;
    out[i] = { path, bytes, sha256 };
  }
  return out;
}

/** RunSchema's refinement of `results`: each names a test, one row per test and metric, none in a relative run. */
function refinementOk(run: Run, results: Run['results']): boolean {
  if (run.provenance.source === 'published-relative' && results.length) return false;
  // The metrics seen of each test, in a set per test: a string made per row cost more than the rest of this
  // check. A run's rows come test by test, so the last test's set is usually the one.
  const seen = new Map(run.tests.map((t) => [t.name, new Set<string>()]));
  let lastTest: string | undefined;
  let metrics: Set<string> | undefined;
  for (const r of results) {
    if (r.test !== lastTest) {
      metrics = seen.get(r.test);
      if (!metrics) return false;
      lastTest = r.test;
    }
    if (metrics!.has(r.metric)) return false;
    metrics!.add(r.metric);
  }
  return true;
}

/**
 * Same result as `RunSchema.safeParse(data)`, without zod visiting every result row and raw file of a valid
 * run.
 */
export function parseRunFile(data: unknown): z.ZodSafeParseResult<Run> {
  if (!isObject(data) || !Array.isArray(data.results)) return RunSchema.safeParse(data);
  const results = resultRows(data.results);
  if (!results) return RunSchema.safeParse(data);
  const provenance = isObject(data.provenance) && Array.isArray(data.provenance.rawFiles) ? data.provenance : undefined;
  const rawFiles = provenance ? rawFileRows(provenance.rawFiles as unknown[]) : [];
  if (!rawFiles) return RunSchema.safeParse(data);
  const light = RunSchema.safeParse({
    ...data,
    results: [],
    // No refinement of RunSchema reads the raw files.
    ...(provenance && rawFiles.length ? { provenance: { ...provenance, rawFiles: [] } } : {}),
  });
  if (!light.success || !refinementOk(light.data, results)) return RunSchema.safeParse(data);
  light.data.results = results;
  if (rawFiles.length) light.data.provenance.rawFiles = rawFiles;
  return light;
}
