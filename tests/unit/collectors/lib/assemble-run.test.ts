import { describe, expect, it } from 'vitest';
import { cpuCount, postgresVersionInLog, runDate, runHostName } from '../../../../collectors/lib/assemble-run.ts';

describe('assemble-run', () => {
  it('the run date: the files, else --meta, else the post, else file times with a note, else an error', () => {
    const notes: string[] = [];
    const base = { input: 'x', missing: 'no run date in the raw files', mtimes: [Date.parse('2026-01-02T10:00:00Z')] };
    // The raw files win over --meta (applyMeta notes the disagreement: tests/unit/collectors/lib/meta.test.ts).
    expect(runDate({ ...base, meta: { date: '2026-03-04' }, raw: ['2026-05-06'] }, notes)).toEqual({
      date: '2026-05-06',
      dateSource: 'raw-files',
    });
    expect(runDate({ ...base, meta: { date: '2026-03-04' }, published: '2026-07-08' }, notes)).toEqual({
      date: '2026-03-04',
      dateSource: 'meta',
    });
    expect(runDate({ ...base, raw: [undefined, '2026-05-06'], published: '2026-07-08' }, notes)).toEqual({
      date: '2026-05-06',
      dateSource: 'raw-files',
    });
    expect(runDate({ ...base, published: '2026-07-08' }, notes).dateSource).toBe('published');
    expect(notes).toEqual([]);
    expect(runDate(base, notes)).toEqual({ date: '2026-01-02', dateSource: 'file-mtime' });
    expect(notes).toEqual([
      "the run date 2026-01-02 comes from file modification times, which after a copy, an unpacked download or a git checkout are the copy's, not the run's: pass --meta with date: YYYY-MM-DD if that is wrong",
    ]);
    expect(() => runDate({ input: 'x', missing: 'no run date in the raw files' }, notes)).toThrow(
      'x: no run date in the raw files. Pass --meta <file> with "date: YYYY-MM-DD".',
    );
  });

  it('the host name: the first that can name a folder, else unknown with a note unless --meta names it', () => {
    const notes: string[] = [];
    expect(runHostName([undefined, 'bad name', 'pn53'], undefined, 'the raw files', notes)).toBe('pn53');
    expect(runHostName([], { host: { name: 'vm' } }, 'the raw files', notes)).toBe('unknown');
    expect(notes).toEqual([]);
    expect(runHostName([], undefined, 'the files', notes)).toBe('unknown');
    expect(notes).toEqual(['no host name in the files: pass --meta with host: { name: <host> }']);
  });

  it('the PostgreSQL server version, with and without a distribution suffix', () => {
    const line = (v: string) =>
      `2026-11-22 01:31:27.907 UTC [8036] LOG:  starting ${v} on x86_64-pc-linux-gnu, compiled by gcc`;
    expect(postgresVersionInLog(line('PostgreSQL 15.18 (Debian 15.18-0+deb12u1)'))).toBe(
      'PostgreSQL 15.18 (Debian 15.18-0+deb12u1)',
    );
    expect(postgresVersionInLog(line('PostgreSQL 17.2'))).toBe('PostgreSQL 17.2');
    expect(postgresVersionInLog('no log here')).toBeUndefined();
  });

  it('the CPU count: iostat, else the host inventory, else --meta cpus, else the client', () => {
    const client = { cpus: 4, source: 'sysbench output (N CPUs, client host)' };
    expect(cpuCount(8, { cpus: 2 }, client)).toEqual({ cpus: 8, cpusSource: 'iostat (N CPU)' });
    expect(cpuCount(undefined, { host: { cpus: 16 }, cpus: 2 }, client).cpus).toBe(16);
    expect(cpuCount(undefined, { cpus: 2 }, client)).toEqual({ cpus: 2, cpusSource: '--meta cpus' });
    expect(cpuCount(undefined, undefined, client)).toEqual({ cpus: 4, cpusSource: client.source });
    expect(cpuCount(undefined, undefined)).toEqual({});
  });
});

it('a date a damaged file prints (month 13, February 30) is not a date: the next source is asked', () => {
  const notes: string[] = [];
  const base = { input: 'x', missing: 'no run date in the raw files' };
  expect(runDate({ ...base, raw: ['2024-13-40', '2026-02-30', '2026-05-06'] }, notes)).toEqual({
    date: '2026-05-06',
    dateSource: 'raw-files',
  });
  expect(runDate({ ...base, raw: ['2024-13-40'], meta: { date: '2026-03-04' } }, notes)).toEqual({
    date: '2026-03-04',
    dateSource: 'meta',
  });
});
