// A result directory as `benchsite run` writes it has no o.res (np.sh does not run): the harvester derives np.sh's
// numbers from o.ib, o.vm, o.io and the journal. Here the real 1m runs of realruns/ibench.tar.gz, with their o.res
// files taken out and a journal whose step times last what np.sh measured, must give the cells of the report's
// o.sum.t tables (etl.sh, ncpu=2) for every column np.sh gets from iibench and the monitors.
import { describe, expect, it } from 'vitest';
import { summaryColumn } from '../../../helpers/insert-benchmark-columns.ts';
import { resultValue } from '../../../helpers/written-runs.ts';
import { harvestInsertBenchmark } from '../../../../benchmarks/insert-benchmark/harvest.ts';
import { MONITORS_FILE, monitorsFileText } from '../../../../benchmarks/insert-benchmark/monitors-file.ts';
import { parseResFile } from '../../../../benchmarks/insert-benchmark/parse-res.ts';
import { JOURNAL } from '../../../../collectors/lib/journal.ts';
import { InputError } from '../../../../collectors/lib/input-error.ts';
import type { RawEntry } from '../../../../collectors/lib/raw-tree.ts';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { archiveFiles, archiveText } from '../../../helpers/fixtures.ts';

const ARCHIVE = 'realruns/ibench.tar.gz';
const STEPS = ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2', 'qr500.L3', 'qp500.L4'];
/** What np.sh measures outside iibench.py and the monitors; a benchsite run does not have it. */
const NOT_MEASURED = ['dbgb1', 'dbgb2', 'rss'];
const STORAGE = ['rps', 'rmbps', 'wps', 'wmbps', 'rpq', 'rkbpq', 'wpi', 'wkbpi'];
const VMSTAT = ['csps', 'cpups', 'cspq', 'cpupq'];
const encode = (text: string) => new TextEncoder().encode(text);

/** The real result directory without its o.res files, with the journal `benchsite run` would have written. */
function asBenchsiteRun(label: string, extra: RawEntry[] = []): RawEntry[] {
  const prefix = `ibench/raw/1u.1tno/${label}/`;
  const entries: RawEntry[] = [...archiveFiles(ARCHIVE)]
    .filter(([p]) => p.startsWith(prefix) && !/\/o\.res\.dop\d+$/.test(p))
    .map(([p, data]) => ({ path: p.slice(prefix.length), data }));
  const journal = STEPS.map((step, k) => {
    const seconds = parseResFile(archiveText(ARCHIVE, `${prefix}${step}/o.res.dop1`)).header!.seconds;
    const start = Date.UTC(2026, 10, 22, 1, 0, 0) + 500 + k * 1000_000;
    return [
      { event: 'start', at: new Date(start).toISOString(), step: `test:${step}`, files: [] },
      { event: 'done', at: new Date(start + seconds * 1000).toISOString(), step: `test:${step}`, code: 0, seconds },
    ];
  }).flat();
  entries.push({ path: JOURNAL, data: encode(journal.map((e) => JSON.stringify(e)).join('\n') + '\n') });
  entries.push({ path: MONITORS_FILE, data: encode(monitorsFileText(5)) });
  return [...entries, ...extra];
}

describe('harvest of a result directory written by benchsite run (no o.res)', () => {
  it.each(['1m.pg1518.ccy1', '1m.ma101119.ccy1'])(
    '%s: every step has the o.sum.t cells of the report, except what np.sh measures outside iibench',
    (label) => {
      const result = harvestInsertBenchmark({ name: label, entries: asBenchsiteRun(label) });
      expect(result.runs).toHaveLength(1);
      const { run } = result.runs[0]!;
      expect(RunSchema.safeParse(run).success).toBe(true);
      expect(run.tests.map((t) => [t.name, t.status])).toEqual(STEPS.map((s) => [s, 'ok']));
      expect(run.provenance.notes).toContain(
        "benchsite ran iibench.py itself (no np.sh, so no o.res): each step's numbers are computed from its o.ib, o.vm and o.io files and its start and end in benchsite-journal.jsonl, with np.sh's arithmetic; dbgb1, dbgb2, rss and the client and DBMS CPU seconds, which np.sh measures outside iibench, are unknown",
      );
      const sum = archiveText(ARCHIVE, `ibench/report/sum.1m.dop1/o.sum.t.${label}`).trim().split('\n');
      const header = sum[0]!.split('\t').slice(0, -1);
      STEPS.forEach((step, i) => {
        const cells = sum[1 + i]!.split('\t');
        // A step shorter than the 5 s interval has no iostat sample: ios.sh then prints no vmstat line either (and
        // etl.sh's columns shift); we keep the vmstat columns and leave the storage ones empty.
        const noIostat = archiveText(ARCHIVE, `ibench/raw/1u.1tno/${label}/${step}/o.res.dop1`).includes(
          'Cannot parse:',
        );
        header.forEach((col, j) => {
          const file = cells[j]!;
          const ours = summaryColumn(run, step, col);
          if (noIostat && STORAGE.includes(col)) expect(ours, `${step} ${col}`).toBeUndefined();
          else if (noIostat && VMSTAT.includes(col)) expect(ours, `${step} ${col}`).toBeGreaterThan(0);
          else if (NOT_MEASURED.includes(col) || file === '' || file === 'NA')
            expect(ours, `${step} ${col}`).toBeUndefined();
          else expect(ours, `${step} ${col}`).toBe(Number(file));
        });
        const test = run.tests[i]!;
        expect(test.startedAt).toBe(new Date(Date.UTC(2026, 10, 22, 1, 0, 0) + 500 + i * 1000_000).toISOString());
        expect(test.system?.intervalSeconds).toBe(5);
        expect(resultValue(run, step, 'client_cpu_s')).toBeUndefined();
      });
      // The SLA of the query steps, from the derived background insert rate.
      const ips = resultValue(run, 'qp500.L4', 'inserts_per_s')!;
      expect(ips).toBe(Number(archiveText(ARCHIVE, `ibench/raw/1u.1tno/${label}/qp500.L4/o.res.dop1`).split(' ')[6]));
      expect(run.tests.find((t) => t.name === 'qp500.L4')!.sla).toEqual({
        targetInsertsPerS: 500,
        achievedInsertsPerS: ips,
        threshold: 0.95,
        passed: ips >= 475,
      });
    },
  );

  it('the partial output of an interrupted step, set aside in attempts/, stays in the raw files and is not a run', () => {
    const label = '1m.pg1518.ccy1';
    const partial = archiveFiles(ARCHIVE).get(`ibench/raw/1u.1tno/${label}/qr100.L1/o.ib.dop1.1`)!;
    const result = harvestInsertBenchmark({
      name: label,
      entries: asBenchsiteRun(label, [
        { path: 'attempts/test_qr100.L1.1795312507000/qr100.L1/o.ib.dop1.1', data: partial },
      ]),
    });
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0]!.raw.map((e) => e.path)).toContain(
      'attempts/test_qr100.L1.1795312507000/qr100.L1/o.ib.dop1.1',
    );
    expect(result.runs[0]!.run.tests.map((t) => t.name)).toEqual(STEPS);
  });

  it('a step the journal says failed is a failed test with the reason; its numbers are what the client reported', () => {
    const label = '1m.pg1518.ccy1';
    const entries = asBenchsiteRun(label).map((e) => {
      if (e.path !== JOURNAL) return e;
      const text = new TextDecoder()
        .decode(e.data)
        .replace(
          /\{"event":"done",([^\n]*)"step":"test:qp100.L2","code":0,"seconds":\d+\}/,
          '{"event":"failed",$1"step":"test:qp100.L2","code":1,"reason":"exit code 1: MySQLdb.OperationalError: (2013, \'Lost connection\')"}',
        );
      return { ...e, data: encode(text) };
    });
    const { run } = harvestInsertBenchmark({ name: label, entries }).runs[0]!;
    const t = run.tests.find((x) => x.name === 'qp100.L2')!;
    expect(t.status).toBe('failed');
    expect(t.error).toBe(
      "qp100.L2/o.ib.dop1.1: iibench.py failed (exit code 1: MySQLdb.OperationalError: (2013, 'Lost connection'))",
    );
  });
});

describe('a damaged journal or meta file of a benchsite run', () => {
  const label = '1m.pg1518.ccy1';
  it('null and garbage lines in the journal are left out: the run is the same', () => {
    const good = harvestInsertBenchmark({ name: label, entries: asBenchsiteRun(label) }).runs[0]!.run;
    const entries = asBenchsiteRun(label).map((e) =>
      e.path === JOURNAL
        ? { ...e, data: encode(`null\n${new TextDecoder().decode(e.data)}[]\n{"event":null}\n7\n`) }
        : e,
    );
    const { run } = harvestInsertBenchmark({ name: label, entries }).runs[0]!;
    expect(run.results).toEqual(good.results);
    expect(run.tests).toEqual(good.tests);
  });

  it('a benchsite-meta.json that is not JSON is one InputError naming it', () => {
    const entries = asBenchsiteRun(label, [
      {
        path: 'benchsite-meta.json',
        data: encode('{"host": {"name": "pn53",'),
        origin: `${label}/benchsite-meta.json`,
      },
    ]);
    expect(() => harvestInsertBenchmark({ name: label, entries })).toThrow(InputError);
    expect(() => harvestInsertBenchmark({ name: label, entries })).toThrow(
      /^1m\.pg1518\.ccy1\/benchsite-meta\.json: not valid JSON \(.*\)\. benchsite run writes it; restore it/,
    );
  });
});
