// o.res, o.ib and o.rate files: the expected values are what awk reads from the same files.
import { describe, expect, it } from 'vitest';
import { parseResFile } from '../../../../benchmarks/insert-benchmark/parse-res.ts';
import { parseIbOutput } from '../../../../benchmarks/insert-benchmark/parse-ib.ts';
import { archiveText } from '../../../helpers/fixtures.ts';
import { sh } from '../../../helpers/awk.ts';
import { harvestFixture } from '../../../helpers/harvest-fixture.ts';

const raw = (path: string) => archiveText('realruns/ibench.tar.gz', `ibench/raw/1u.1tno/${path}`);

describe('parseResFile', () => {
  it('a query step: line 1, both normalised blocks, iostat averages, maxima, percentiles, CPU', () => {
    const text = raw('1m.pg1518.ccy1/qr100.L1/o.res.dop1');
    const r = parseResFile(text);
    expect(r.header).toMatchObject({
      processes: 1,
      seconds: Number(sh("awk 'NR==1 {print $5}'", text)),
      insertRateText: sh("awk 'NR==1 {print $7}'", text),
      queryRateText: sh("awk 'NR==1 {print $13}'", text),
      deletes: '1',
    });
    for (const [n, block] of [
      [5, r.byInsert.io],
      [8, r.byInsert.vm],
      [12, r.byQuery.io],
      [15, r.byQuery.vm],
    ] as const) {
      expect(block!.join('\t'), `line ${n}`).toBe(sh(`sed -n ${n}p`, text));
    }
    expect(r.iostatAverages!.values.join('\t')).toBe(sh('sed -n 19p', text).trim());
    expect(r.dbGB).toBe(sh("awk '/^dbGB/ {print $2}'", text));
    expect(r.max.query).toEqual([sh("awk '/^Max query/ { getline; print }'", text)]);
    expect(r.percentiles.map((p) => p.query)).toEqual(
      sh("awk '/^[0-9]+th,/ { print $10 }'", text).split('\n').map(Number),
    );
    expect(r.cpu.client!.total).toBe(Number(sh("awk '/^client:/ { print $6 }'", text)));
  });

  it('a step shorter than the iostat interval: "Cannot parse:" and no blocks, the rest still read', () => {
    const text = raw('1m.pg1518.ccy1/l.x/o.res.dop1');
    const r = parseResFile(text);
    expect(r.cannotParse).toBe('Cannot parse:');
    expect(r.byInsert).toEqual({});
    expect(r.iostatDevice).toBe('vda');
    expect(r.iostatAverages).toBeUndefined();
    expect(r.dbGB).toBe('0.200');
    expect(r.max.insert).toEqual(['0.002']);
    expect(r.percentiles.every((p) => p.insert === undefined)).toBe(true);
  });

  it('a MariaDB load step, where the query-normalised data lines are missing (gawk stopped at the division by zero)', () => {
    const text = raw('1m.ma101119.ccy1/l.i1/o.res.dop1');
    const r = parseResFile(text);
    expect(r.byInsert.io!.join('\t')).toBe(sh('sed -n 5p', text));
    expect(r.byQuery).toEqual({ io: undefined, vm: undefined });
    expect(r.psLine).toBeUndefined(); // np.sh found no mariadbd process line (o.ps is empty)
  });
});

describe('parseIbOutput', () => {
  it('reads the command, the 17-column intervals, the histograms and the end lines', () => {
    const text = raw('1m.ma101119.ccy1/qp500.L4/o.ib.dop1.1');
    const ib = parseIbOutput(text);
    expect(ib.options).toMatchObject({
      dbms: 'mysql',
      inserts_per_second: '500',
      query_pk_only: true,
      delete_per_insert: true,
      rows_per_commit: '50',
    });
    expect(ib.columns).toHaveLength(17);
    expect(ib.intervals).toHaveLength(Number(sh("awk -F'\\t' 'NF==17' | grep -vc i_ips", text)));
    expect(ib.histograms.map((h) => h.op)).toEqual(['insert', 'delete', 'query']);
    expect(ib.histograms[2]!.counts).toEqual(
      sh("grep 'Query rt:' | tail -1 | awk '{ for (i=3;i<=12;i++) printf \"%s \", $i }'", text)
        .trim()
        .split(' ')
        .map(Number),
    );
    expect(ib.queryThread!.queries).toBe(Number(sh("awk '/^Query thread:/ { print $3 }'", text)));
    expect(ib.totals!.rows).toBe(12500);
    expect(ib.done).toBe(true);
    expect(ib.errors).toEqual([]);
  });
});

describe("o.rate.c.* (the harness's rate per tenth of a step)", () => {
  it("becomes the iibench.tenths series, one row per client and tenth, with the files' values", async () => {
    const h = await harvestFixture('realruns/ibench.tar.gz');
    const s = h.byLabel.get('1m.pg1518.ccy1')!.series.tests['qr100.L1']!.find((x) => x.name === 'iibench.tenths')!;
    expect(s.columns.map((c) => c.name)).toEqual([
      'client',
      'tenth',
      'inserts_per_s',
      'deletes_per_s',
      'queries_per_s',
    ]);
    const file = (n: number) => raw(`1m.pg1518.ccy1/qr100.L1/o.rate.c.${n}`).trim().split(',').slice(0, 10).map(Number);
    expect(s.rows.map((r) => r[2])).toEqual(file(3));
    expect(s.rows.map((r) => r[3])).toEqual(file(5));
    expect(s.rows.map((r) => r[4])).toEqual(file(7));
  });
});
