// Command lines for the database clients on the benchmark host (psql, mysql/mariadb): pure builders.
// Passwords go in the environment (PGPASSWORD, MYSQL_PWD), never on these command lines.
import type { Connection } from '../../src/schemas/index.ts';

export type ClientProduct = 'postgres' | 'mysql' | 'mariadb';

export interface ClientCommand {
  argv: string[];
  env: Record<string, string>;
  /** A failure whose stderr matches this is fine (e.g. the database already exists). */
  okWhenStderr?: RegExp;
}

export function password(c: Connection): string {
  return c.passwordEnv ? (process.env[c.passwordEnv] ?? '') : c.password;
}

function psql(c: Connection, database: string, sql: string): ClientCommand {
  const argv = ['psql', '-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-U', c.user, '-d', database];
  if (c.socket) argv.push('-h', c.socket);
  else argv.push('-h', c.host, ...(c.port ? ['-p', String(c.port)] : []));
  return { argv: [...argv, '-c', sql], env: password(c) ? { PGPASSWORD: password(c) } : {} };
}

function mysql(product: 'mysql' | 'mariadb', c: Connection, database: string | undefined, sql: string): ClientCommand {
  const argv = [product === 'mariadb' ? 'mariadb' : 'mysql', '-N', '-B', '-u', c.user];
  if (c.socket) argv.push('-S', c.socket);
  else argv.push('-h', c.host, ...(c.port ? ['-P', String(c.port)] : []));
  if (database) argv.push('-D', database);
  return { argv: [...argv, '-e', sql], env: password(c) ? { MYSQL_PWD: password(c) } : {} };
}

const ident = (name: string, q: string) => `${q}${name.replaceAll(q, q + q)}${q}`;

/** Create the benchmark database when it does not exist. */
export function createDatabase(product: ClientProduct, c: Connection): ClientCommand {
  if (product === 'postgres') {
    // Postgres has no CREATE DATABASE IF NOT EXISTS (and it cannot run in a DO block): an existing one is fine.
    return { ...psql(c, 'postgres', `CREATE DATABASE ${ident(c.database, '"')}`), okWhenStderr: /already exists/ };
  }
  return mysql(product, c, undefined, `CREATE DATABASE IF NOT EXISTS ${ident(c.database, '`')}`);
}

/** The server's version string. */
export function serverVersion(product: ClientProduct, c: Connection): ClientCommand {
  return product === 'postgres'
    ? psql(c, c.database, 'SELECT version()')
    : mysql(product, c, c.database, 'SELECT version()');
}

/** Every setting, one `name<TAB>value` per line. */
export function serverSettings(product: ClientProduct, c: Connection): ClientCommand {
  return product === 'postgres'
    ? psql(c, c.database, "SELECT name || E'\\t' || setting FROM pg_settings ORDER BY name")
    : mysql(product, c, c.database, 'SHOW GLOBAL VARIABLES');
}

/** `PostgreSQL 15.20 (Debian ...) on x86_64...` -> 15.20; `10.11.19-MariaDB-0+deb12u1` -> 10.11.19; `8.4.8` -> 8.4.8. */
export function versionFromServer(text: string): string | undefined {
  const pg = /PostgreSQL (\d+(?:\.\d+)*)(beta\d+|rc\d+)?/.exec(text);
  if (pg) return `${pg[1]}${pg[2] ?? ''}`;
  return /^(\d+\.\d+\.\d+)/.exec(text.trim())?.[1];
}

/** `name<TAB>value` lines -> settings. */
export function parseSettings(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) out[line.slice(0, tab).trim().toLowerCase()] = line.slice(tab + 1).trim();
  }
  return out;
}

/** The data directory setting, for the storage facts. */
export function dataDirectory(settings: Record<string, string>): string | undefined {
  return settings.data_directory ?? settings.datadir?.replace(/\/$/, '');
}
