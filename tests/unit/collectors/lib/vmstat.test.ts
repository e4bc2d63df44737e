import { describe, expect, it } from 'vitest';
import { parseVmstat } from '../../../../collectors/lib/vmstat.ts';
import { systemMetrics } from '../../../../collectors/lib/system-metrics.ts';
import { printfFixed } from '../../../../collectors/lib/numbers.ts';
import { fixtureText, MYTOOLS_FEB25 } from '../../../helpers/fixtures.ts';
import { sh } from '../../../helpers/awk.ts';

// an.sh's vmstat average, verbatim (docs/formats/vmstat-iostat.md 4.4).
const AN_SH = `grep -v swpd | awk '{ if (NR>1) { cs+=$12; cpu+=$13+$14; c+=1 } } END { printf "%s\\t%.0f\\t%.1f\\n", c, cs/c, cpu/c }'`;

describe('parseVmstat', () => {
  const cases = [
    ['feb25 Ubuntu 22.04, 40 threads (real, repeated headers)', `${MYTOOLS_FEB25}sb.vm.point-query.range100.pk1.dop40`],
    ['procps-ng 4.0.2 Debian 12 (generated)', 'generated/generated.vmstat_1_25.procps-ng-4.0.2-debian12.txt'],
  ];
  it.each(cases)('%s: harness average equals the awk of an.sh', (_, file) => {
    const text = fixtureText(file);
    const m = systemMetrics({ vmstat: { parsed: parseVmstat(text) } });
    const vm = m.harness.vmstat!;
    expect(`${vm.samples}\t${printfFixed(vm.csPerS, 0)}\t${printfFixed(vm.cpuPct, 1)}`).toBe(sh(AN_SH, text));
  });

  it('feb25: the numbers docs/formats/ quotes, harness and clean', () => {
    const v = parseVmstat(fixtureText(`${MYTOOLS_FEB25}sb.vm.point-query.range100.pk1.dop40`));
    expect(v.headerLines).toBe(32); // 16 `procs` lines + 16 column-name lines
    const m = systemMetrics({ vmstat: { parsed: v } });
    expect(m.harness.vmstat!.samples).toBe(350);
    expect(Math.round(m.harness.vmstat!.csPerS)).toBe(2366886);
    expect(printfFixed(m.harness.vmstat!.cpuPct, 1)).toBe('81.0');
    // Clean: no since-boot line, no header lines as zero samples.
    expect(m.clean.vmstat!.samples).toBe(334);
    expect(Math.round(m.clean.vmstat!.csPerS / 10) * 10).toBe(2480270);
    expect(printfFixed(m.clean.vmstat!.cpuPct, 1)).toBe('84.8');
  });

  it('keeps every data line with the column names of the header', () => {
    const v = parseVmstat(fixtureText('generated/generated.vmstat_1_25.procps-ng-4.0.2-debian12.txt'));
    expect(v.columns).toEqual([
      'r',
      'b',
      'swpd',
      'free',
      'buff',
      'cache',
      'si',
      'so',
      'bi',
      'bo',
      'in',
      'cs',
      'us',
      'sy',
      'id',
      'wa',
      'st',
    ]);
    expect(v.rows).toHaveLength(25);
    expect(v.rows[0]).toEqual([2, 0, 0, 22885896, 8136, 1507228, 0, 0, 2290, 6161, 7219, 16887, 27, 14, 58, 1, 0]);
  });
});
