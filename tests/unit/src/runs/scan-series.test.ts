import { describe, expect, it } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { parseSeriesFile } from '../../../../src/runs/parse-series-file.ts';
import { scanSeriesFile } from '../../../../src/runs/scan-series.ts';

/** What the usual path makes of the bytes: the series file, or undefined when it refuses them. */
function usual(bytes: Buffer) {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  const parsed = parseSeriesFile(data);
  return parsed.success ? parsed.data : undefined;
}

const head = '{"schemaVersion": 1, "tests": {"point-query": [{"name":"vmstat","intervalSeconds":1,"columns":';
const cols = '[{"name":"cs","unit":"1/s"},{"name":"us","unit":"%"}]';
const valid = (rows: string, columns = cols) => `${head}${columns},"rows":${rows}}]}}`;

// Files the scanner reads: it must make exactly what JSON.parse and parseSeriesFile make.
const read: Array<[string, string]> = [
  ['rows', valid('[[1,2],[3,null],[-0,1e300],[0.1,-12.345],[123456789012345678,1.5E-3]]')],
  ['no rows', valid('[]')],
  ['empty rows', valid('[[],[1]]')],
  ['whitespace', ` \r\n\t${valid('[ [ 1 , 2 ] ,\n[3,\tnull] ]')}\n`],
  ['no tests', '{"tests":{},"schemaVersion":1}'],
  ['a test with no series', '{"schemaVersion":1,"tests":{"a":[]}}'],
  ['UTF-8 in a unit and a name', valid('[]', '[{"name":"max_i","unit":"µs"},{"name":"é","unit":"%"}]')],
  [
    'a byte-order mark at the start of a unit',
    valid('[]', '[{"name":"cs","unit":"\ufeff%"},{"name":"us","unit":"%"}]'),
  ],
  ['integer-like test names', '{"schemaVersion":1,"tests":{"b":[],"10":[],"2":[]}}'],
  [
    'device and fields in another order',
    '{"schemaVersion":1,"tests":{"t":[{"rows":[[1]],"device":"sda","columns":[{"unit":"%","name":"x"}],"name":"iostat"}]}}',
  ],
  ['many digits', valid('[[0.30000000000000004,9007199254740993,1234567.891234567,100000000000000000000000]]')],
];

// Files it leaves to the usual path (undefined), valid or not.
const left: Array<[string, string]> = [
  ['an escape in a name', valid('[]', '[{"name":"c\\u0073","unit":"1/s"}]')],
  ['a duplicate key', '{"schemaVersion":1,"schemaVersion":1,"tests":{}}'],
  ['a duplicate test', '{"schemaVersion":1,"tests":{"a":[],"a":[]}}'],
  ['__proto__ as a test', '{"schemaVersion":1,"tests":{"__proto__":[]}}'],
  ['an unknown key', valid('[]').replace('"intervalSeconds"', '"colour":"red","intervalSeconds"')],
  ['schemaVersion 2', '{"schemaVersion":2,"tests":{}}'],
  ['a string in a row', valid('[[1,"2"]]')],
  ['true in a row', valid('[[1,true]]')],
  ['Infinity by its exponent', valid('[[1e400]]')],
  ['a leading zero', valid('[[01]]')],
  ['a bare point', valid('[[1.]]')],
  ['a trailing comma', valid('[[1,2],]')],
  ['no columns', valid('[]', '[]')],
  ['an empty unit', valid('[]', '[{"name":"cs","unit":""}]')],
  ['an empty test name', '{"schemaVersion":1,"tests":{"":[]}}'],
  ['a control character in a name', valid('[]', '[{"name":"c\u0001","unit":"%"}]')],
  ['a line separator in a name', valid('[]', '[{"name":"c\u2028","unit":"%"}]')],
  ['intervalSeconds 0', valid('[]').replace('"intervalSeconds":1', '"intervalSeconds":0')],
  ['intervalSeconds null', valid('[]').replace('"intervalSeconds":1', '"intervalSeconds":null')],
  ['tests missing', '{"schemaVersion":1}'],
  ['something after the object', `${valid('[]')} 1`],
  ['cut short', valid('[[1,2]]').slice(0, -3)],
  ['a byte-order mark', `\ufeff${valid('[]')}`],
];

describe('scanSeriesFile', () => {
  it.each(read)('reads %s as JSON.parse and parseSeriesFile do', (_, text) => {
    const bytes = Buffer.from(text);
    const scanned = scanSeriesFile(bytes);
    expect(scanned).toBeDefined();
    // Deep equality with prototypes and -0, and the same key order.
    expect(isDeepStrictEqual(scanned, usual(bytes))).toBe(true);
    expect(JSON.stringify(scanned)).toBe(JSON.stringify(usual(bytes)));
  });

  it.each(left)('leaves %s to the usual path', (_, text) => {
    expect(scanSeriesFile(Buffer.from(text))).toBeUndefined();
  });

  it('leaves bad UTF-8 to the usual path', () => {
    const bytes = Buffer.from(valid('[]', '[{"name":"cs","unit":"XX"}]'));
    bytes[bytes.indexOf('XX')] = 0xc3;
    expect(scanSeriesFile(bytes)).toBeUndefined();
  });

  it('never accepts what the usual path refuses, nor reads it differently, under random edits', () => {
    const base = Buffer.from(valid('[[1,2.5],[-3,null],[0,1e3]]'));
    const alphabet = Buffer.from('{}[],:"\\ \n0123456789.eE+-nulltrue\u00b5x');
    let seed = 42;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    for (let i = 0; i < 3000; i++) {
      let bytes = Buffer.from(base);
      for (let k = 0; k <= rnd(3); k++) {
        const at = rnd(bytes.length);
        const c = alphabet[rnd(alphabet.length)]!;
        const how = rnd(3);
        if (how === 0) bytes[at] = c;
        else if (how === 1) bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)]);
        else bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([c]), bytes.subarray(at)]);
      }
      const scanned = scanSeriesFile(bytes);
      if (scanned !== undefined) expect(isDeepStrictEqual(scanned, usual(bytes)), bytes.toString()).toBe(true);
    }
  });
});
