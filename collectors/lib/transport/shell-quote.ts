// Quoting for a POSIX shell: every argument becomes one single-quoted word.

export function quote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * A command line that runs argv exactly, replacing the shell (`exec`) so signals reach it, and the text to send
 * to its standard input. Environment variables (passwords among them) are read from that input by the shell,
 * so their values are on no command line: the arguments of a remote shell, and of `env`, are visible to every
 * user of the host (`ps`). A value cannot hold a line break or a NUL (no environment can hold a NUL).
 * With `input`, the program's standard input is that text, as a file readable only by the user and removed
 * before the program starts (so the program can open it again as /dev/stdin, which a pipe would not allow).
 */
export function remoteCommand(
  argv: string[],
  env: Record<string, string> = {},
  input?: string,
): { line: string; stdin: string } {
  const names = Object.keys(env);
  for (const [k, v] of Object.entries(env)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) throw new Error(`invalid environment variable name "${k}"`);
    if (/[\n\r\0]/.test(v))
      throw new Error(`the value of ${k} holds a line break or NUL, which cannot be passed to a remote command`);
  }
  const reads = names.map((k) => `IFS= read -r ${k} && export ${k} && `).join('');
  const file = input === undefined ? '' : 'f=$(umask 077 && mktemp) && cat >"$f" && exec <"$f" && rm -f "$f" && ';
  return {
    line: `${reads}${file}exec ${argv.map(quote).join(' ')}`,
    stdin: names.map((k) => `${env[k]}\n`).join('') + (input ?? ''),
  };
}
