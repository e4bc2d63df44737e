// Secrets never leave the host: a distinctive password planted in each place a user can put one (a spec
// password, a passwordEnv, inline in setup commands, the server's settings) with the real sysbench against
// the real MariaDB (a user that needs its password) and PostgreSQL, then every file under content/, every
// member of the raw archives, every file of the built site, the --dry-run output and the run's own output
// are searched for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readTar } from '../../collectors/lib/tar.ts';
import { buildContentSite } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';
import { requireDatabases, testDb } from '../helpers/databases.ts';

const tag = randomBytes(4).toString('hex');
/** One password per place, each unmistakable; spaces, quotes and `;` as a spec allows them. */
const PLANTED = {
  specPassword: `Sp3c ${tag} with space;x'q`,
  passwordEnv: `Env ${tag} "dq";y`,
  inline: `Inl1ne ${tag} with space;z`,
  conninfo: `Conn${tag}`,
  uri: `Uri${tag}`,
  /** Several words in a connection string and a URI, each word holding the tag. */
  words: `Wa${tag} wb${tag} wc${tag}`,
};

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-secrets-'));
const myDb = testDb('benchsite_sec');
const pgDb = testDb('benchsite_sec');
const user = testDb('bs_sec');
const sql = (s: string) => s.replaceAll("'", "''");
const mariadb = (q: string) => execFileSync('mariadb', ['-h', '127.0.0.1', '-uroot', '-e', q], { stdio: 'pipe' });
const psql = (db: string, q: string) =>
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', db, '-X', '-q', '-c', q], { stdio: 'pipe' });

beforeAll(() => {
  requireDatabases();
  // A MariaDB user that can only connect with the spec's password.
  mariadb(`DROP USER IF EXISTS '${user}'@'%'`);
  mariadb(`CREATE USER '${user}'@'%' IDENTIFIED BY '${sql(PLANTED.specPassword)}'`);
  mariadb(`CREATE DATABASE IF NOT EXISTS \`${myDb}\``);
  mariadb(`GRANT ALL ON \`${myDb}\`.* TO '${user}'@'%'`);
  // A server setting holding a connection string and a URI with passwords (on this database only).
  psql('postgres', `DROP DATABASE IF EXISTS "${pgDb}"`);
  psql('postgres', `CREATE DATABASE "${pgDb}"`);
  psql(
    'postgres',
    `ALTER DATABASE "${pgDb}" SET search_path = '"host=h user=rep password=${PLANTED.conninfo}"', 'postgres://rep:${PLANTED.uri}@h/x', '"host=h password=${sql(`'${PLANTED.words}'`)} sslmode=require"', 'postgres://rep:${PLANTED.words}@h/x', public`,
  );
});
afterAll(() => {
  mariadb(`DROP USER IF EXISTS '${user}'@'%'`);
  mariadb(`DROP DATABASE IF EXISTS \`${myDb}\``);
  psql('postgres', `DROP DATABASE IF EXISTS "${pgDb}"`);
});

/** Every file below `dir`, raw archives also as their members. */
function contents(dir: string): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const file = join(f.parentPath, f.name);
    const bytes = readFileSync(file);
    out.push({ file, text: bytes.toString('utf8') });
    if (f.name.endsWith('.tar.gz'))
      for (const m of readTar(gunzipSync(bytes)))
        out.push({ file: `${file}:${m.path}`, text: Buffer.from(m.data).toString('utf8') });
  }
  return out;
}

/** Where any part of a planted password shows (each holds the tag), with what is around it. */
function leaks(where: string, text: string): string[] {
  const at = text.indexOf(tag);
  return at < 0 ? [] : [`${where}: ${text.slice(Math.max(0, at - 60), at + 40)}`];
}

describe('secrets', { timeout: 400_000 }, () => {
  const spec = join(tmp, 'spec.yaml');
  writeFileSync(
    spec,
    `name: secrets
host: { name: here }
dbms:
  - label: ma.pw
    product: mariadb
    config: c
    setup:
      - ${JSON.stringify(`mariadb -h 127.0.0.1 -u ${user} -p'${PLANTED.specPassword.replaceAll("'", "'\\''")}' -e 'select 1'`)}
    connection: { host: 127.0.0.1, port: 3306, user: ${user}, password: ${JSON.stringify(PLANTED.specPassword)}, database: ${myDb} }
  - label: pg.pw
    product: postgres
    config: c
    setup:
      - ${JSON.stringify(`PGPASSWORD='${PLANTED.inline}' psql -h 127.0.0.1 -U postgres -d ${pgDb} -c 'select 1'`)}
      - ${JSON.stringify(`psql "host=127.0.0.1 user=postgres password='${PLANTED.words}' dbname=${pgDb}" -c 'select 1'`)}
    connection: { host: 127.0.0.1, port: 5432, user: postgres, passwordEnv: BENCHSITE_TEST_SECRET, database: ${pgDb} }
benchmark: { kind: sysbench, rows: 1000, seconds: { read: 2, write: 2 }, tests: [point-query] }
`,
  );
  const env = { BENCHSITE_TEST_SECRET: PLANTED.passwordEnv };

  it('no planted password in --dry-run, content/, the raw archives, the run output or the built site', () => {
    const dry = benchsite(['run', spec, '--dry-run'], { env });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('--config-file=/dev/stdin');
    expect(leaks('--dry-run', dry.stdout + dry.stderr)).toEqual([]);

    const content = join(tmp, 'content');
    const r = benchsite(['run', spec, '--out', join(content, 'runs'), '--work', join(tmp, 'work')], {
      env,
      timeout: 300_000,
    });
    // The run worked: MariaDB let sysbench in with the spec's password, which it read from standard input.
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('2 run(s) written');
    expect(leaks('benchsite run output', r.stdout + r.stderr)).toEqual([]);

    const files = contents(content);
    expect(files.some((f) => f.file.endsWith('raw.tar.gz:dbms-settings.txt'))).toBe(true);
    const settings = files.find((f) => f.file.includes('pg.pw') && f.file.endsWith(':dbms-settings.txt'))!;
    expect(settings.text).toMatch(
      /^search_path\t"""host=h user=rep password=\*\*\*""", "postgres:\/\/rep:\*\*\*@h\/x", """host=h password=\*\*\* sslmode=require""", "postgres:\/\/rep:\*\*\*@h\/x", public$/m,
    );
    expect(files.flatMap((f) => leaks(f.file, f.text))).toEqual([]);

    const dist = join(tmp, 'dist');
    buildContentSite(content, dist);
    const site = contents(dist);
    expect(site.some((f) => f.file.includes('/runs/sysbench/here/') && f.file.endsWith('index.html'))).toBe(true);
    expect(site.flatMap((f) => leaks(f.file, f.text))).toEqual([]);
  });
});
