import { describe, expect, it } from 'vitest';
import { blankJobsDbCredentials, blankPasswords } from '../../../../benchmarks/hammerdb-tprocc/blank-credentials.ts';
import { readJobsDb } from '../../../../benchmarks/hammerdb-tprocc/read-jobs-db.ts';
import { archiveFiles } from '../../../helpers/fixtures.ts';
import { jobsDbWithSecret } from '../../../helpers/planted-secrets.ts';

describe('blanking HammerDB credentials', () => {
  it('blanks every setting with pass in its name, braced or bare, and nothing else', () => {
    expect(
      blankPasswords(
        'connection {pg_host 127.0.0.1} tpcc {pg_superuser root pg_superuserpass pw pg_user tpcc pg_pass {two words} pg_dbase tpcc}',
      ),
    ).toBe(
      'connection {pg_host 127.0.0.1} tpcc {pg_superuser root pg_superuserpass *** pg_user tpcc pg_pass *** pg_dbase tpcc}',
    );
    expect(blankPasswords('tpcc {mysql_pass a\\ b\\{c mysql_dbase tpcc}')).toBe(
      'tpcc {mysql_pass *** mysql_dbase tpcc}',
    );
    // A value that looks like a key does not shift the pairs.
    expect(blankPasswords('tpcc {pg_user passuser pg_pass Zq9 pg_dbase tpcc}')).toBe(
      'tpcc {pg_user passuser pg_pass *** pg_dbase tpcc}',
    );
  });

  it('rewrites a real hammer.DB so its passwords are gone from every page, its jobs intact', () => {
    const secret = 'Hdb-Pl4nted-9f2';
    const db = jobsDbWithSecret(archiveFiles('realruns/hammerdb.tar.gz').get('hammerdb/tmpdir/hammer.DB')!, secret);
    const original = readJobsDb(db, 'hammer.DB');
    expect(String(original.main[0]!.jobdict)).toContain(`pg_superuserpass ${secret} `);
    expect(Buffer.from(db).includes(secret)).toBe(true);
    const blanked = blankJobsDbCredentials(db, 'hammer.DB');
    const rows = readJobsDb(blanked, 'hammer.DB');
    expect(rows.main.map((r) => r.jobid)).toEqual(original.main.map((r) => r.jobid));
    expect(rows.output.length).toBe(original.output.length);
    expect(rows.timing.length).toBe(original.timing.length);
    for (const r of rows.main) expect(String(r.jobdict)).toMatch(/_pass \*\*\*/);
    // Not in a row, not in a freed page or cell (the planted copy also deleted a row holding it).
    expect(Buffer.from(blanked).includes(secret)).toBe(false);
    // Blanking again changes nothing.
    expect(Buffer.from(blankJobsDbCredentials(blanked, 'hammer.DB')).equals(Buffer.from(blanked))).toBe(true);
  });

  it('names the file when it is not a jobs database', () => {
    expect(() =>
      blankJobsDbCredentials(new TextEncoder().encode('not sqlite at all'), 'host:/tmp/x/hammer.DB'),
    ).toThrow(/host:\/tmp\/x\/hammer\.DB: not a HammerDB jobs database/);
  });
});
