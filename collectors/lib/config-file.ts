// DBMS config files (my.cnf, postgresql.conf / conf.diff) -> settings, so two configs can be diffed.

/** Normalise a setting name: lower case, dashes as underscores (`skip-log-bin` = `skip_log_bin`). */
const key = (k: string) => k.trim().toLowerCase().replace(/-/g, '_');

/** Strip a trailing `# comment` outside quotes and surrounding quotes. */
function value(v: string): string {
  let inQuote = false;
  let out = '';
  for (const ch of v) {
    if (ch === "'" || ch === '"') inQuote = !inQuote;
    if (ch === '#' && !inQuote) break;
    out += ch;
  }
  return out.trim().replace(/^(['"])(.*)\1$/, '$2');
}

/**
 * `key = value` lines; the last one wins, as in both servers. For my.cnf only the server sections count
 * (`[mysqld]`, `[mariadb]`, `[server]`, `[mysqld-*]`), and a bare option (`skip-log-bin`) means `ON`.
 */
export function parseConfigSettings(text: string, kind: 'mycnf' | 'postgres'): Record<string, string> {
  const settings: Record<string, string> = {};
  let section = kind === 'postgres' ? 'postgres' : '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const sec = /^\[([^\]]+)\]$/.exec(line);
    if (sec) {
      section = sec[1]!.toLowerCase();
      continue;
    }
    if (kind === 'mycnf' && !/^(mysqld|mariadb|server|mysqld-.*|mariadbd|mariadb-.*)$/.test(section)) continue;
    const eq = line.indexOf('=');
    if (eq < 0) {
      if (kind === 'mycnf') settings[key(line)] = 'ON';
      continue;
    }
    settings[key(line.slice(0, eq))] = value(line.slice(eq + 1));
  }
  return settings;
}
