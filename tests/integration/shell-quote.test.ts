// Shell quoting of what benchsite runs on a host (collectors/lib/transport/shell-quote.ts), checked with a real sh.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { quote, remoteCommand } from '../../collectors/lib/transport/shell-quote.ts';

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
    const { line } = remoteCommand(['printf', '%s\\n', ...args]);
    expect(line.startsWith('exec printf')).toBe(true);
    const out = execFileSync('sh', ['-c', line], { encoding: 'utf8' });
    expect(out).toBe(args.map((a) => `${a}\n`).join(''));
  });

  it('passes environment variables through standard input, never on the command line', () => {
    const secret = "a'b $c ;`id` \\ end ";
    const cmd = remoteCommand(['sh', '-c', 'printf %s "$PGPASSWORD|$MYSQL_PWD"; cat'], {
      PGPASSWORD: secret,
      MYSQL_PWD: ' lead',
    });
    expect(cmd.line).not.toContain("a'b");
    const out = execFileSync('sh', ['-c', cmd.line], { encoding: 'utf8', input: `${cmd.stdin}the rest of stdin` });
    expect(out).toBe(`${secret}| leadthe rest of stdin`);
    expect(() => remoteCommand(['true'], { 'BAD NAME': 'x' })).toThrow(/invalid environment variable name/);
    expect(() => remoteCommand(['true'], { P: 'two\nlines' })).toThrow(/P holds a line break/);
  });

  it('with input, gives the program its standard input as a file it can open again as /dev/stdin, then removes it', () => {
    const cmd = remoteCommand(
      ['sh', '-c', 'printf "%s|" "$A"; cat /dev/stdin; ls -l /proc/self/fd/0'],
      { A: 'a' },
      'line 1\nline 2\n',
    );
    const out = execFileSync('sh', ['-c', cmd.line], { encoding: 'utf8', input: cmd.stdin, timeout: 10_000 });
    expect(out).toMatch(/^a\|line 1\nline 2\n.*\/tmp\/tmp\.\w+ \(deleted\)\n$/s);
  });

  it('leaves safe words unquoted', () => {
    expect(quote('--threads=1')).toBe('--threads=1');
    expect(quote('a b')).toBe("'a b'");
  });
});
