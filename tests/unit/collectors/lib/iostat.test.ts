import { describe, expect, it } from 'vitest';
import { harnessFieldsFor, harnessIostatSums, parseIostat, readIostatDate } from '../../../../collectors/lib/iostat.ts';
import { textBytes } from '../../../../collectors/lib/text-bytes.ts';
import { systemMetrics, systemResultRows } from '../../../../collectors/lib/system-metrics.ts';
import { printfFixed } from '../../../../collectors/lib/numbers.ts';
import { fixtureText, MYTOOLS_FEB25 } from '../../../helpers/fixtures.ts';
import { sh } from '../../../helpers/awk.ts';

// an.sh's iostat average for sysstat >= 12.1.2 (fields 2, 3, 8, 9), verbatim apart from the device.
const anSh = (dev: string) =>
  `grep ${dev} | awk '{ rs+=$2; rkb+=$3; ws+=$8; wkb+=$9; c+=1 } END { printf "%s\\t%.1f\\t%.1f\\t%.1f\\t%.1f\\n", c, rs/c, rkb/c/1024, ws/c, wkb/c/1024 }'`;

function harnessLine(text: string, device: string): string {
  const io = systemMetrics({ iostat: { parsed: parseIostat(text), text }, device }).harness.iostat!;
  return [
    io.samples,
    printfFixed(io.readsPerS, 1),
    printfFixed(io.readKBPerS / 1024, 1),
    printfFixed(io.writesPerS, 1),
    printfFixed(io.writeKBPerS / 1024, 1),
  ].join('\t');
}

describe('parseIostat', () => {
  it('leaves out a last device line cut short (iostat stopped while writing it), keeping the rows before it', () => {
    // Real: `benchsite run` stopped iostat at the end of a 1 s test as it wrote its second report.
    const text = fixtureText('iostat-cut/sb.io.update-inlist.range100.pk1.dop1');
    expect(text.endsWith('vda              5.00     24.00     0.00   0.00')).toBe(true);
    const io = parseIostat(text);
    expect(io.reports).toBe(1);
    expect(io.rows('vda')).toEqual([]);
    // The same line whole, ended or not: its row is read.
    const complete = text.replace(/vda .*$/, `vda${' 1.00'.repeat(io.columns.length)}\n`);
    expect(parseIostat(complete).rows('vda')).toEqual([Array(io.columns.length).fill(1)]);
    expect(parseIostat(complete.trimEnd()).rows('vda')).toEqual([Array(io.columns.length).fill(1)]);
  });

  const feb25 = fixtureText(`${MYTOOLS_FEB25}sb.io.point-query.range100.pk1.dop40`);
  const generated = fixtureText('generated/generated.iostat_-y_-kx_1_3.sysstat-12.6.1.txt');

  it('reads the header line: kernel, host, date, CPUs', () => {
    const io = parseIostat(feb25);
    expect(io).toMatchObject({
      kernel: '5.15.0-119-generic',
      hostname: 'Ubuntu-2204-jammy-amd64-base',
      date: '2025-03-05',
      cpus: 96,
    });
    expect(parseIostat(generated)).toMatchObject({ hostname: 'vm', date: '2026-11-22', cpus: 2 });
  });

  it('keeps one row per report per device', () => {
    const io = parseIostat(feb25);
    expect(io.deviceNames).toEqual(['loop0', 'md0', 'md1', 'md2', 'md3', 'nvme0n1', 'nvme1n1']);
    expect(io.rows('md2')).toHaveLength(335);
    expect(io.rows('md2')[0]!.slice(6, 8)).toEqual([6, 48]); // w/s, wkB/s of the first report
    expect(io.columns.slice(0, 3)).toEqual(['r/s', 'rkB/s', 'rrqm/s']);
  });

  it.each(['md2', 'nvme0n1', 'md'])(
    'feb25 harness average for "%s" equals the awk of an.sh (substring match)',
    (dev) => {
      expect(harnessLine(feb25, dev)).toBe(sh(anSh(dev), feb25));
    },
  );

  it('adds up the device rows for the harness average when its lines are exactly the device lines, else searches', () => {
    // A row changed after parsing shows which way the sums were made: from the rows, or by the text's search.
    const sums = (text: string, dev: string, skipFirst = false) => {
      const bytes = textBytes(Buffer.from(text, 'latin1'));
      const parsed = parseIostat(bytes);
      const searched = harnessIostatSums(bytes, dev, skipFirst);
      const rows = parsed.rows(dev);
      const fromParsed = harnessIostatSums(bytes, dev, skipFirst, { parsed });
      expect(fromParsed).toEqual(searched);
      if (rows.length > 1) rows.at(-1)![0]! += 1000; // r/s of the last row
      return { searched, fromRows: harnessIostatSums(bytes, dev, skipFirst, { parsed })!.rs !== searched!.rs };
    };
    expect(sums(feb25, 'nvme0n1').fromRows).toBe(true);
    expect(sums(feb25, 'md2', true).fromRows).toBe(true);
    // md2 is also in md20's lines; a host named after the device; a last line cut short: the search.
    expect(sums(feb25.replaceAll('\nmd0 ', '\nmd20 '), 'md2').fromRows).toBe(false);
    expect(sums(feb25.replace(/\(([^)]*)\)/, '(nvme0n1-db)'), 'nvme0n1').fromRows).toBe(false);
    const cut = `${feb25.trimEnd()}\nnvme0n1 1 2 3`; // no line end: iostat stopped while writing it
    expect(sums(cut, 'nvme0n1').searched!.samples).toBe(parseIostat(cut).rows('nvme0n1').length + 1);
    expect(sums(cut, 'nvme0n1').fromRows).toBe(false);
  });

  it('feb25 with md2 reproduces the sb.met line the harness wrote', () => {
    const met = fixtureText(`${MYTOOLS_FEB25}sb.met.point-query.range100.pk1.dop40`).split('\n')[2]!;
    expect(harnessLine(feb25, 'md2')).toBe(met.split('\t').slice(0, 5).join('\t'));
  });

  it('recognises the header of every sysstat generation (ios.sh variants)', () => {
    expect(
      harnessFieldsFor(
        'Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util',
      ),
    ).toEqual({ rs: 4, rkb: 6, ws: 5, wkb: 7 });
    expect(
      harnessFieldsFor(
        'Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util',
      ),
    ).toEqual({ rs: 2, rkb: 4, ws: 3, wkb: 5 });
    expect(
      harnessFieldsFor(
        'Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz  aqu-sz  %util',
      ),
    ).toEqual({ rs: 2, rkb: 3, ws: 8, wkb: 9 });
  });

  it('reads the locale dates it can and refuses the rest', () => {
    expect(readIostatDate('03/05/2025')).toBe('2025-03-05');
    expect(readIostatDate('11/22/26')).toBe('2026-11-22');
    expect(readIostatDate('2026-11-22')).toBe('2026-11-22');
    expect(readIostatDate('22/11/2026')).toBeUndefined();
  });
});

describe('flush figures (f/s, f_await)', () => {
  const feb25 = fixtureText(`${MYTOOLS_FEB25}sb.io.point-query.range100.pk1.dop40`);
  // The device's own lines (exact name), fields 20 and 21 of sysstat 12.5's extended report.
  const awk = (dev: string) =>
    `awk '$1 == "${dev}" { f+=$20; fa+=$21; c+=1 } END { printf "%d\\t%.4f\\t%.4f\\n", c, f/c, fa/c }'`;

  it.each(['md2', 'nvme0n1'])(
    "are the averages of iostat's columns over the test, as awk computes them (%s)",
    (dev) => {
      const m = systemMetrics({ iostat: { parsed: parseIostat(feb25), text: feb25 }, device: dev });
      const io = m.clean.iostat!;
      expect([io.samples, printfFixed(io.fsyncsPerS!, 4), printfFixed(io.fsyncAwaitMs!, 4)].join('\t')).toBe(
        sh(awk(dev), feb25),
      );
    },
  );

  it('become the results fsyncs_per_s and f_await_ms of the test', () => {
    const m = systemMetrics({ iostat: { parsed: parseIostat(feb25), text: feb25 }, device: 'nvme0n1', opsPerS: 100 });
    const rows = systemResultRows('point-query', m, 'query');
    expect(rows.filter((r) => /^(fsyncs_per_s|f_await_ms)$/.test(r.metric))).toEqual([
      { test: 'point-query', metric: 'fsyncs_per_s', value: m.clean.iostat!.fsyncsPerS, unit: 'flushes/s' },
      { test: 'point-query', metric: 'f_await_ms', value: m.clean.iostat!.fsyncAwaitMs, unit: 'ms' },
    ]);
  });
});
