// Quoting for a POSIX shell: every argument becomes one single-quoted word.

export function quote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A command line that runs argv exactly, with env assignments, replacing the shell (`exec`) so signals reach it. */
export function commandLine(argv: string[], env: Record<string, string> = {}): string {
  const assignments = Object.entries(env).map(([k, v]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) throw new Error(`invalid environment variable name "${k}"`);
    return `${k}=${quote(v)}`;
  });
  return ['exec', ...(assignments.length ? ['env', ...assignments] : []), ...argv.map(quote)].join(' ');
}
