import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatZodIssues } from '../../../../src/runs/problems.ts';
import { IsoDate, IsoDateTime } from '../../../../src/schemas/common.ts';

const problems = (schema: z.ZodType, data: unknown) =>
  formatZodIssues('f.json', schema.safeParse(data).error!.issues).map((p) => p.text);

describe('problem messages', () => {
  it('a date in another format says which format', () => {
    expect(problems(z.object({ date: IsoDate }), { date: '22/11/2026' })).toEqual([
      'f.json: date: not a date. Write it as YYYY-MM-DD, e.g. 2026-11-22.',
    ]);
    expect(problems(z.object({ at: IsoDateTime }), { at: '2026-11-22 06:10' })).toEqual([
      'f.json: at: not a date and time. Write it as an ISO 8601 time with its offset, e.g. 2026-11-22T06:10:00Z.',
    ]);
  });

  it('a report date that is missing or not a date says how to write it', () => {
    const report = z.object({ date: z.coerce.date() });
    expect(problems(report, {})).toEqual([
      'f.json: date: missing, or not a date. Write it as YYYY-MM-DD, e.g. 2026-11-22.',
    ]);
    expect(problems(report, { date: '2026-13-22' })).toEqual([
      'f.json: date: missing, or not a date. Write it as YYYY-MM-DD, e.g. 2026-11-22.',
    ]);
  });
});
