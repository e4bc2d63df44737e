import { describe, expect, it } from 'vitest';
import { dateOnLine, datesInText } from '../../../../collectors/lib/text-dates.ts';

describe('dates a log prints on lines of their own', () => {
  it.each([
    ['Thu Nov 26 17:13:47 UTC 2026', '2026-11-26'],
    ['Tue Mar  5 10:00:01 2024', '2024-03-05'],
    ['Tue 05 Mar 2024 10:00:01 AM UTC', '2024-03-05'],
    ['2024-03-05 10:00:01 starting sysbench', '2024-03-05'],
    ['2024-03-05T10:00:01.123456Z 0 [Note] mysqld: ready for connections.', '2024-03-05'],
    ['Date: 2024-03-05', '2024-03-05'],
    ['Start time: Tue Mar  5 10:00:01 UTC 2024', '2024-03-05'],
  ])('%s', (line, date) => expect(dateOnLine(line)).toBe(date));

  it.each([
    'sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)',
    'Number of threads: 8',
    'x.my8043_rel_o2nofp.z12a_c8r32.pk1 2024-03-05.tar.gz',
    '2024-13-40 10:00:00 a damaged date',
    '    total time:                          3.0006s',
  ])('not a date: %s', (line) => expect(dateOnLine(line)).toBeUndefined());

  it('gives every date once, earliest first', () => {
    expect(
      datesInText('Wed Mar  6 09:00:00 UTC 2024\nrun\nTue Mar  5 23:59:00 UTC 2024\nTue Mar  5 23:59:30 UTC 2024\n'),
    ).toEqual(['2024-03-05', '2024-03-06']);
  });
});
