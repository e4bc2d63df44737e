// vmstat and iostat as series: every value under its own header name, or no series.
import { describe, expect, it } from 'vitest';
import { parseIostat } from '../../../../collectors/lib/iostat.ts';
import { parseVmstat } from '../../../../collectors/lib/vmstat.ts';
import { iostatSeries, systemMetrics, vmstatSeries } from '../../../../collectors/lib/system-metrics.ts';
import { archiveText } from '../../../helpers/fixtures.ts';

const raw = (file: string) => archiveText('realruns/sysbench.tar.gz', `sysbench/x.ma101119.cy1.pk1/${file}`);
const VM = raw('sb.vm.point-query.range100.pk1.dop1');
const IO = raw('sb.io.point-query.range100.pk1.dop1');

describe('vmstatSeries and iostatSeries on real files', () => {
  it('name every column as the header does, each row as wide as the header', () => {
    const vm = vmstatSeries(parseVmstat(VM), 1)!;
    expect(vm.columns.map((c) => c.name).join(' ')).toBe(
      VM.split('\n')
        .find((l) => l.includes('swpd'))!
        .trim()
        .split(/\s+/)
        .join(' '),
    );
    expect(vm.rows.every((r) => r.length === vm.columns.length)).toBe(true);
    const io = iostatSeries(parseIostat(IO), 'vda', 1)!;
    expect(io.columns.map((c) => c.name)).toContain('wareq-sz');
    expect(io.rows.every((r) => r.length === io.columns.length)).toBe(true);
  });

  // Found by the fuzzer (seed 43): a NUL in place of the one blank between `cs` and `us` made 16 names for 17
  // values, and every value from `us` on was written under its left neighbour's name.
  it('leave out a series whose header has fewer names than its lines have values', () => {
    expect(vmstatSeries(parseVmstat(VM.replace(' cs us ', ' cs\u0000us ')), 1)).toBeUndefined();
    expect(iostatSeries(parseIostat(IO.replace(/ +wareq-sz/g, 'wareq-sz')), 'vda', 1)).toBeUndefined();
  });
});

describe('clean averages never hold a value the file does not', () => {
  const clean = (vm: string, io: string) =>
    systemMetrics({
      vmstat: { parsed: parseVmstat(vm) },
      iostat: { text: io, parsed: parseIostat(io) },
      device: 'vda',
    }).clean;

  it('averages cs, us, sy and the iostat rates of the real files', () => {
    const c = clean(VM, IO);
    expect(c.vmstat!.csPerS).toBeGreaterThan(0);
    expect(c.vmstat!.cpuPct).toBeCloseTo(c.vmstat!.usPct! + c.vmstat!.syPct!, 6);
    expect(c.iostat!.readsPerS).toBeGreaterThanOrEqual(0);
  });

  // A damaged header (the fuzzer's shapes) used to give csPerS, usPct or an iostat rate of 0 where the column
  // was missing: a number the input does not hold.
  it('give no vmstat averages when cs, us or sy has no column, and no iostat averages without r/s ... wkB/s', () => {
    expect(clean(VM.replace(/ cs /g, ' cx '), IO).vmstat).toBeUndefined();
    expect(clean(VM.replace(/ us /g, ' ux '), IO).vmstat).toBeUndefined();
    expect(clean(VM, IO.replace(/ w\/s /g, ' wx/s ')).iostat).toBeUndefined();
  });
});
