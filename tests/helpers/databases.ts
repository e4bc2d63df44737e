// The local PostgreSQL and MariaDB the collector tests run sysbench against (started by .ci/run).
// A missing or stopped server fails the test with the command that starts it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ROOT } from './build-site.ts';

function check(argv: string[], what: string, start: string): void {
  try {
    execFileSync(argv[0]!, argv.slice(1), { stdio: 'pipe', timeout: 15_000 });
  } catch (e) {
    throw new Error(`${what} is not reachable (${(e as Error).message.split('\n')[0]}). Start it: ${start}`, {
      cause: e,
    });
  }
}

export function requireDatabases(): void {
  check(
    ['psql', '-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-tAc', 'select 1'],
    'PostgreSQL on 127.0.0.1:5432',
    'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  );
  check(
    ['mariadb', '-h', '127.0.0.1', '-uroot', '-e', 'select 1'],
    'MariaDB on 127.0.0.1:3306',
    'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
  );
  check(['sysbench', '--version'], 'sysbench', 'apt-get install -y sysbench');
  check(['iostat', '-V'], 'iostat', 'apt-get install -y sysstat');
}

/**
 * A database name for a test, unique to this checkout (a hash of its path), so that test runs in two
 * clones or worktrees on one machine never load or drop each other's tables.
 */
export function testDb(name: string): string {
  return `${name}_${createHash('sha256').update(ROOT).digest('hex').slice(0, 6)}`;
}
