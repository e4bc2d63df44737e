// series.json holds millions of numbers for long runs (1-second samples over hours), and zod checking
// each of them costs more than parsing the raw files did. So: zod checks everything but the rows, a plain
// loop checks the rows, and only when the loop finds a bad value does zod check the whole file, so a bad
// file gets zod's own messages and paths. SeriesFileSchema stays the one declaration of the format.
import type { z } from 'zod';
import { isObject } from '../lib/is-object.ts';
import { SeriesFileSchema, type SeriesFile } from '../schemas/index.ts';

/** What `z.array(z.array(z.number().nullable()))` accepts: finite numbers or null. */
function rowsOk(rows: unknown[]): boolean {
  // Indexed loops: for...of made an iterator result per number (half the garbage of a long run's check).
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) return false;
    for (let i = 0; i < row.length; i++) {
      const v: unknown = row[i];
      if (v !== null && !(typeof v === 'number' && Number.isFinite(v))) return false;
    }
  }
  return true;
}

/** Same result as `SeriesFileSchema.safeParse(data)`, without zod visiting every number of a valid file. */
export function parseSeriesFile(data: unknown): z.ZodSafeParseResult<SeriesFile> {
  if (!isObject(data) || !isObject(data.tests)) return SeriesFileSchema.safeParse(data);
  let rowsValid = true;
  // No prototype: test names are data, and `tests["constructor"]` must be no series rather than Object's.
  const withoutRows: Record<string, unknown> = Object.create(null);
  for (const [test, list] of Object.entries(data.tests)) {
    if (!Array.isArray(list)) return SeriesFileSchema.safeParse(data);
    withoutRows[test] = list.map((s: unknown) => {
      if (!isObject(s) || !Array.isArray(s.rows)) return s;
      rowsValid &&= rowsOk(s.rows);
      return { ...s, rows: [] };
    });
  }
  if (!rowsValid) return SeriesFileSchema.safeParse(data);
  const light = SeriesFileSchema.safeParse({ ...data, tests: withoutRows });
  if (!light.success) return light;
  // The schema is strict (no unknown keys to strip) and rows are plain arrays, so the input is the output,
  // its tests in an object without a prototype.
  return { success: true, data: { ...data, tests: Object.assign(Object.create(null), data.tests) } as SeriesFile };
}
