import { afterEach, describe, expect, it } from 'vitest';
import {
  InputError,
  debugWanted,
  describeError,
  inputErrorText,
  isBug,
} from '../../../../collectors/lib/input-error.ts';
import { withRawMeta } from '../../../../collectors/lib/meta.ts';

afterEach(() => {
  delete process.env.BENCHSITE_DEBUG;
});

describe('InputError', () => {
  it('is one line: file, line or JSON path, what is wrong, what to do', () => {
    expect(inputErrorText({ file: 'run/sb.o.scan', where: 12, what: 'not a number', todo: 'Fix the line' })).toBe(
      'run/sb.o.scan:12: not a number. Fix the line.',
    );
    expect(inputErrorText({ file: 'meta.json', where: 'host.cores', what: 'expected a number.' })).toBe(
      'meta.json: host.cores: expected a number.',
    );
    const e = new InputError({ file: 'a', what: 'b', todo: 'c' });
    expect(e.message).toBe('a: b. c.');
    expect([e.file, e.what, e.todo]).toEqual(['a', 'b', 'c']);
  });

  it('is printed as its message, a bug as one line saying so, with the stack only when debugging', () => {
    const bad = new InputError({ file: 'x.gz', what: 'not gzip data', todo: 'Copy it again' });
    expect(describeError(bad, false)).toBe('x.gz: not gzip data. Copy it again.');
    expect(describeError(new Error('--out: not a directory'), false)).toBe('--out: not a directory');
    let bug: unknown;
    try {
      bug = (null as unknown as { event: string }).event;
    } catch (e) {
      bug = e;
    }
    expect(isBug(bug)).toBe(true);
    const line = describeError(bug, false);
    expect(line).toMatch(
      /^internal error \(a bug in benchsite, not a problem of your files\): Cannot read properties of null/,
    );
    expect(line).toContain('--debug');
    expect(line.split('\n')).toHaveLength(1);
    expect(describeError(bug, true)).toMatch(/\n\s+at /);
    expect(isBug(Object.assign(new Error('unexpected end of file'), { code: 'Z_BUF_ERROR' }))).toBe(true);
  });

  it('debugging is --debug or BENCHSITE_DEBUG (not 0)', () => {
    expect(debugWanted(['harvest', 'x'])).toBe(false);
    expect(debugWanted(['harvest', '--debug'])).toBe(true);
    process.env.BENCHSITE_DEBUG = '0';
    expect(debugWanted()).toBe(false);
    process.env.BENCHSITE_DEBUG = '1';
    expect(debugWanted()).toBe(true);
  });
});

describe('a corrupt benchsite-meta.json', () => {
  const file = 'x.pg1518.cy1.pk1/benchsite-meta.json';
  const todo =
    "benchsite run writes it; restore it from the run's raw archive, or remove it and give the facts with --meta.";
  it.each([
    ['{"host": {"name": "h"', /^not valid JSON \(/],
    ['null', /^not a JSON object \(found null\)$/],
    ['[1]', /^not a JSON object \(found object\)$/],
    ['"text"', /^not a JSON object \(found string\)$/],
    ['{"host": {"cores": "eight"}}', /^host\.cores: expected number/],
  ])('%s is refused naming the file', (text, what) => {
    let err: unknown;
    try {
      withRawMeta(text, undefined, file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    const e = err as InputError;
    expect(e.file).toBe(file);
    expect(e.what).toMatch(what);
    expect(e.message.startsWith(`${file}: `)).toBe(true);
    expect(e.message.endsWith(todo)).toBe(true);
  });

  it('a byte order mark before good JSON is fine', () => {
    expect(withRawMeta('\uFEFF{"host": {"name": "h"}}', undefined, file)?.host?.name).toBe('h');
  });
});
