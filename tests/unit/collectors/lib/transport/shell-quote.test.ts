import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { commandLine, quote } from '../../../../../collectors/lib/transport/shell-quote.ts';

describe('shell quoting', () => {
  it('keeps every argument one word, whatever it holds (checked with a real sh)', () => {
    const args = [
      'plain',
      'with space',
      "it's",
      '$HOME',
      '`id`',
      'a;b|c&d',
      '',
      'new\nline',
      '--pgsql-password=p@ss w"rd',
    ];
    const line = commandLine(['printf', '%s\\n', ...args]);
    expect(line.startsWith('exec printf')).toBe(true);
    const out = execFileSync('sh', ['-c', line], { encoding: 'utf8' });
    expect(out).toBe(args.map((a) => `${a}\n`).join(''));
  });

  it('passes environment variables without interpolating them', () => {
    const out = execFileSync(
      'sh',
      ['-c', commandLine(['sh', '-c', 'printf %s "$PGPASSWORD"'], { PGPASSWORD: "a'b $c" })],
      { encoding: 'utf8' },
    );
    expect(out).toBe("a'b $c");
    expect(() => commandLine(['true'], { 'BAD NAME': 'x' })).toThrow(/invalid environment variable name/);
  });

  it('leaves safe words unquoted', () => {
    expect(quote('--threads=1')).toBe('--threads=1');
    expect(quote('a b')).toBe("'a b'");
  });
});
