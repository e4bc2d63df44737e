// The o.res numbers benchsite derives for the steps it runs itself (no np.sh), checked against every o.res
// np.sh wrote in the real runs of realruns/ibench.tar.gz: same clients' o.ib files and np.sh's step seconds in,
// the same line 1, maxima and percentile lines out.
import { describe, expect, it } from 'vitest';
import { archiveText } from '../../../helpers/fixtures.ts';
import { bcDivide, deriveRes, wallSeconds } from '../../../../benchmarks/insert-benchmark/derive-res.ts';
import { parseIbOutput } from '../../../../benchmarks/insert-benchmark/parse-ib.ts';
import { parseResFile } from '../../../../benchmarks/insert-benchmark/parse-res.ts';

const ARCHIVE = 'realruns/ibench.tar.gz';
const LABELS = ['0.2m.ma101119.ccy1', '0.2m.pg1518.ccy1', '1m.ma101119.ccy1', '1m.pg1518.ccy1'];
const STEPS = ['l.i0', 'l.x', 'l.i1', 'l.i2', 'qr100.L1', 'qp100.L2', 'qr500.L3', 'qp500.L4'];
const raw = (label: string, path: string) => archiveText(ARCHIVE, `ibench/raw/1u.1tno/${label}/${path}`);
const CASES = LABELS.flatMap((label) => STEPS.map((step) => ({ label, step })));

describe('deriveRes against the o.res files np.sh wrote', () => {
  it.each(CASES)('$label $step: line 1, Max and percentile lines equal o.res', ({ label, step }) => {
    const res = parseResFile(raw(label, `${step}/o.res.dop1`));
    const ib = [parseIbOutput(raw(label, `${step}/o.ib.dop1.1`))];
    // iq.sh passes l.i0's rows as l.x's extra_insert.
    const extraRows = step === 'l.x' ? parseResFile(raw(label, 'l.i0/o.res.dop1')).header!.rowsPerProcess : undefined;
    const d = deriveRes({ ib, seconds: res.header!.seconds, extraRows });
    const { deletes: _np, ...header } = res.header!;
    const { deletes: _ours, ...derived } = d.header!;
    expect(derived).toEqual(header);
    expect(d.max.insert).toEqual(res.max.insert);
    expect(d.max.query).toEqual(res.max.query);
    expect(d.max.delete).toEqual(res.max.delete);
    expect(d.percentiles.map((p) => p.text)).toEqual(res.percentiles.map((p) => p.text));
    expect(d.percentiles).toEqual(res.percentiles);
  });

  it('prints rates as bc does with scale=1', () => {
    expect(bcDivide(200000, 10)).toBe('20000.0');
    expect(bcDivide(20000, 3)).toBe('6666.6');
    expect(bcDivide(1, 2)).toBe('.5');
    expect(bcDivide(0, 25)).toBe('0');
  });

  it('counts wall seconds as np.sh does: date +%s after minus before, at least 1', () => {
    expect(wallSeconds('2026-11-22T01:52:33.900Z', '2026-11-22T01:52:44.100Z')).toBe(11);
    expect(wallSeconds('2026-11-22T01:52:33.100Z', '2026-11-22T01:52:33.900Z')).toBe(1);
  });
});
