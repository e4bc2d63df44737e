// The HammerDB "done when", as a new user runs it: harvest the real HammerDB outputs and import the published
// tables with the benchsite command, then export: nopm and tpm are the TEST RESULT lines, the published cells
// are the CSV's; bad input gets a message naming the file, line and column.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { archiveFiles, archiveText, FIXTURES, fixtureText } from '../helpers/fixtures.ts';
import { ROOT } from '../helpers/build-site.ts';

function csvRows(csv: string) {
  const [head, ...lines] = csv.trim().split(/\r?\n/);
  const cols = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])));
}

describe('benchsite harvest / validate / export on realruns/hammerdb.tar.gz', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-hammerdb-'));
  const input = `${FIXTURES}realruns/hammerdb.tar.gz`;

  it('harvests four runs: PostgreSQL 15.20, MariaDB, and the two failed attempts kept with failed tests', () => {
    const r = benchsite(['harvest', input, '--meta', `${ROOT}content/meta/vm.yaml`, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/wrote\s+\S*hammerdb-tprocc\/vm\/20261122-pg1520\/run\.json {2}\(3 tests\)/);
    expect(r.stdout).toMatch(/wrote\s+\S*hammerdb-tprocc\/vm\/20261122-ma101119\/run\.json {2}\(3 tests\)/);
    expect(r.stdout).toMatch(/wrote\s+\S*hammerdb-tprocc\/vm\/20261122-pg1518\/run\.json {2}\(2 tests, 2 failed\)/);
    expect(r.stdout).toMatch(
      /20261122-postgresql\.1_debian_libpgtcl_missing_pg_notice_handler\/run\.json {2}\(1 test, 1 failed\)/,
    );
    expect(r.stdout).toContain('4 run(s) harvested');
    expect(r.stderr).not.toMatch(/ExperimentalWarning|SQLite/);
    expect(
      benchsite(['harvest', input, '--meta', `${ROOT}content/meta/vm.yaml`, '--out', out]).stdout.match(
        /^unchanged /gm,
      ),
    ).toHaveLength(4);
    expect(benchsite(['validate', out]).stdout.trim()).toBe('4 run(s) valid');
  });

  it('export: nopm and tpm of every timed run are its TEST RESULT line', () => {
    const r = benchsite(['export', '--runs', out, '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    const outputs = [...archiveFiles('realruns/hammerdb.tar.gz').keys()].filter((p) =>
      /stdout\/(pg|my)_run_vu\d/.test(p),
    );
    expect(outputs).toHaveLength(4);
    for (const path of outputs) {
      const text = archiveText('realruns/hammerdb.tar.gz', path);
      const [, vu] = /(\d+) Active Virtual Users configured/.exec(text)!;
      const [, nopm, tpm] = /TEST RESULT : System achieved (\d+) NOPM from (\d+) /.exec(text)!;
      const run = path.includes('/pg_') ? 'pg1520' : 'ma101119';
      const mine = rows.filter((x) => x.run!.endsWith(run) && x.test === `vu${vu}.w2`);
      expect(
        mine.find((x) => x.metric === 'nopm'),
        path,
      ).toMatchObject({ value: nopm, unit: 'new orders/min', benchmark: 'hammerdb-tprocc' });
      expect(
        mine.find((x) => x.metric === 'tpm'),
        path,
      ).toMatchObject({ value: tpm, unit: 'DBMS transactions/min' });
    }
    expect(rows.filter((x) => x.metric === 'nopm')).toHaveLength(4);
  });
});

describe('benchsite import of the published tables', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchsite-import-'));
  const pub = (f: string) => `${FIXTURES}published/${f}`;

  it('imports the 48-core and 8-core tables; export gives back every NOPM cell', () => {
    const a = benchsite([
      'import',
      pub('hammerdb-tprocc-48core-2026-02-15.csv'),
      pub('hammerdb-tprocc-48core-2026-02-15-system.csv'),
      '--meta',
      `${ROOT}content/meta/ax162s-2026-02-15-hammerdb.yaml`,
      '--out',
      out,
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toContain('12 run(s) imported');
    const b = benchsite([
      'import',
      pub('hammerdb-tprocc-8core-2026-03-16.csv'),
      '--meta',
      `${ROOT}content/meta/pn53-2026-03-16-hammerdb.yaml`,
      '--out',
      out,
    ]);
    expect(b.code, b.stderr).toBe(0);
    expect(benchsite(['validate', out]).stdout.trim()).toBe('15 run(s) valid');
    const rows = csvRows(benchsite(['export', '--runs', out, '--format', 'csv']).stdout);
    const published = [
      ...csvRows(fixtureText('published/hammerdb-tprocc-48core-2026-02-15.csv')),
      ...csvRows(fixtureText('published/hammerdb-tprocc-8core-2026-03-16.csv')),
    ];
    const nopm = rows.filter((x) => x.metric === 'nopm');
    expect(nopm).toHaveLength(published.length);
    for (const p of published) {
      const sp = p.stored_procedures ? `.sp${p.stored_procedures === 'true' ? 1 : 0}` : '';
      const hit = nopm.find(
        (x) => x.run!.includes(`-${p.label}.`) && x.test === `vu${p.virtual_users}.w${p.warehouses}${sp}`,
      );
      expect(hit?.value, JSON.stringify(p)).toBe(p.nopm);
    }
  });

  it('refuses bad input with the file, line and column, and a missing --meta with usage', () => {
    const bad = join(out, 'bad.csv');
    writeFileSync(
      bad,
      'label,dbms,version,config,virtual_users,warehouses,nopm\npg181,postgres,18.1,x10b,40,4000,2369x6\n',
    );
    const r = benchsite(['import', bad, '--meta', `${ROOT}content/meta/ax162s-2026-02-15-hammerdb.yaml`, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bad.csv:2: nopm: "2369x6" is not a number');
    const noMeta = benchsite(['import', bad]);
    expect(noMeta.code).toBe(2);
    expect(noMeta.stderr).toContain('--meta <file> is required');
    expect(benchsite(['import', '--help']).stdout).toMatch(
      /^Usage: benchsite import <file or dir>\.\.\. \[--meta <file>\]/,
    );
  });
});

describe('benchsite harvest of a paste with two TEST RESULT lines (issue 23)', () => {
  it.each(['hammerdb-pasted/before-after-comment.md', 'hammerdb-pasted/two-dbms-article.txt'])(
    '%s: export has the NOPM and TPM of every TEST RESULT line',
    (path) => {
      const out = mkdtempSync(join(tmpdir(), 'benchsite-hammerdb-paste-'));
      const r = benchsite(['harvest', `${FIXTURES}${path}`, '--out', out, '--meta', `${ROOT}content/meta/vm.yaml`]);
      expect(r.code, r.stderr).toBe(0);
      expect(benchsite(['validate', out]).code).toBe(0);
      const rows = csvRows(benchsite(['export', '--runs', out, '--format', 'csv']).stdout);
      const stated = [...fixtureText(path).matchAll(/TEST RESULT : System achieved (\d+) NOPM from (\d+) /g)];
      expect(stated).toHaveLength(2);
      const cells = (metric: string) =>
        rows
          .filter((x) => x.metric === metric)
          .map((x) => x.value)
          .sort();
      expect(cells('nopm')).toEqual(stated.map((m) => m[1]).sort());
      expect(cells('tpm')).toEqual(stated.map((m) => m[2]).sort());
    },
  );
});
