import { describe, expect, it } from 'vitest';
import { harnessIostatSums, parseIostat } from '../../../../collectors/lib/iostat.ts';
import { scanNumberBytes } from '../../../../collectors/lib/numbers.ts';
import { decodeText } from '../../../../collectors/lib/raw-tree.ts';
import { textBytes } from '../../../../collectors/lib/text-bytes.ts';
import { parseVmstat } from '../../../../collectors/lib/vmstat.ts';
import { fixtureText, MYTOOLS_FEB25 } from '../../../helpers/fixtures.ts';

const io = fixtureText(`${MYTOOLS_FEB25}sb.io.point-query.range100.pk1.dop40`);
const vm = fixtureText(`${MYTOOLS_FEB25}sb.vm.point-query.range100.pk1.dop40`);

/** What scanNumberBytes promises: Number() of each plain decimal token, NaN for any other token. */
const tokenNumbers = (line: string, max: number) =>
  line
    .split(/[ \t\r]+/)
    .filter(Boolean)
    .slice(0, max)
    .map((t) => (/^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : NaN));

/** Everything parseIostat gives, its lazily read rows included. */
const iostatData = (x: ReturnType<typeof parseIostat>) => ({
  ...x,
  rows: x.deviceNames.map((d) => x.rows(d)),
  cpu: x.cpu,
});

describe('parsing bytes gives what parsing their text gives', () => {
  it('scanNumberBytes reads every token as Number() does, NaN for what is not a plain number', () => {
    const lines = [
      ' 12 -3 4.50 .5 5. -0 007 1234567890123456 0.1234567890123456 1e3 12abc - -- . x',
      '\t1\r 2 é 3\u00a0 4 ０ 5 \u2028 6',
      '99999999999999999999.5 -12.25e1 3.1.2',
    ];
    for (const line of lines) {
      const b = Buffer.from(line, 'utf8');
      for (const max of [Infinity, 3])
        expect(scanNumberBytes(b, 0, b.length, [], max)).toEqual(tokenNumbers(line, max));
    }
  });

  it('of a file that is not ASCII (a byte order mark, words in UTF-8, a bad byte): the text it decodes to', () => {
    const odd = (text: string) =>
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(text.replace('Device', 'Device é').replace('procs', 'procs\u00a0é'), 'utf8'),
        Buffer.from([0xff, 0x0a]),
        Buffer.from('nvme0n1 1 2 3\n'),
      ]);
    for (const bytes of [odd(io), odd(vm)]) {
      const text = decodeText(bytes);
      expect(textBytes(bytes).toString('utf8')).toBe(text);
      expect(iostatData(parseIostat(bytes))).toEqual(iostatData(parseIostat(text)));
      expect(parseVmstat(bytes)).toEqual(parseVmstat(text));
    }
  });

  it('ASCII bytes are read in place, and give the text parsers’ results', () => {
    const bytes = Buffer.from(io, 'latin1');
    expect(textBytes(bytes).buffer).toBe(bytes.buffer);
    const parsed = parseIostat(bytes);
    expect(parsed.deviceNames.length).toBeGreaterThan(1);
    expect(iostatData(parsed)).toEqual(iostatData(parseIostat(io)));
    for (const d of parsed.deviceNames) expect(harnessIostatSums(bytes, d)).toEqual(harnessIostatSums(io, d));
    expect(parseVmstat(Buffer.from(vm, 'latin1'))).toEqual(parseVmstat(vm));
  });

  it("finds the harness's header line as its pattern does, a line break after `Device` included", () => {
    const text = 'x\nDevices are\nDevice\n r/s w/s rkB/s wkB/s\nsda 1 2 3 4\nsda 5 6 7 8\n';
    // `Device:?\s[^\n]*` takes the line after `Device\n` as the header: fields 2 to 5 are r/s, w/s, rkB/s, wkB/s.
    expect(harnessIostatSums(Buffer.from(text), 'sda')).toEqual({ samples: 2, rs: 6, rkb: 10, ws: 8, wkb: 12 });
    expect(harnessIostatSums(Buffer.from('Device\u00a0r/s w/s rkB/s wkB/s\nsda 1 2 3 4\n'), 'sda')).toBeDefined();
    expect(harnessIostatSums(Buffer.from('Devices r/s w/s rkB/s wkB/s\nsda 1 2 3 4\n'), 'sda')).toBeUndefined();
  });
});
