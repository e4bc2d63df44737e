// `benchsite run --lua-dir`: every test of the posts runs with the mytools-style Lua scripts of a directory
// (tests/fixtures/mytools-lua-standin: constructed scripts with the mytools names, options and oltp_common),
// against this machine's MariaDB and PostgreSQL with the real sysbench 1.0.20.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchsite } from '../helpers/cli.ts';
import { requireDatabases, testDb } from '../helpers/databases.ts';

const tmp = mkdtempSync(join(tmpdir(), 'benchsite-lua-dir-'));
const LUA = 'tests/fixtures/mytools-lua-standin';

/** The 32 measured tests of the posts' runs (all_small.sh), and a warm-up. */
const TESTS = [
  'point-query.pre',
  'point-query',
  'random-points_range=10',
  'random-points_range=100',
  'random-points_range=1000',
  'hot-points',
  'points-covered-pk',
  'points-covered-si',
  'points-notcovered-pk',
  'points-notcovered-si',
  'range-covered-pk',
  'range-covered-si',
  'range-notcovered-pk',
  'range-notcovered-si',
  'read-only_range=10',
  'read-only_range=100',
  'read-only_range=10000',
  'read-only-simple',
  'read-only-sum',
  'read-only-order',
  'read-only-distinct',
  'read-only-count',
  'scan',
  'read-write_range=10',
  'read-write_range=100',
  'write-only',
  'update-inlist',
  'update-index',
  'update-nonindex',
  'update-one',
  'update-rate',
  'delete',
  'insert',
];

const spec = (name: string) => `name: ${name}
host: { name: here }
dbms:
  - label: ma.x
    product: mariadb
    config: x
    connection: { host: 127.0.0.1, port: 3306, user: root, password: "", database: ${testDb('benchsite_lua_dir')} }
  - label: pg.x
    product: postgres
    config: x
    connection: { host: 127.0.0.1, port: 5432, user: postgres, password: "", database: ${testDb('benchsite_lua_dir')} }
benchmark:
  kind: sysbench
  rows: 1000
  seconds: { read: 1, write: 1 }
  tests: [${TESTS.join(', ')}]
`;

beforeAll(() => {
  requireDatabases();
  writeFileSync(join(tmp, 'all.yaml'), spec('lua-all'));
});

describe('benchsite run --lua-dir', { timeout: 400_000 }, () => {
  it("runs all 32 tests of the posts with the directory's scripts, none skipped, named as the posts name them", () => {
    const out = join(tmp, 'runs');
    const r = benchsite(['run', join(tmp, 'all.yaml'), '--lua-dir', LUA, '--out', out, '--work', join(tmp, 'work')], {
      timeout: 380_000,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('skipping');
    expect(r.stdout).toContain('2 run(s) written');
    for (const dir of readdirSync(join(out, 'sysbench', 'here'))) {
      const run = JSON.parse(readFileSync(join(out, 'sysbench', 'here', dir, 'run.json'), 'utf8'));
      expect(run.workload.luaScripts, dir).toBe('mytools');
      const tests = run.tests.filter((t: { name: string }) => t.name !== 'prepare');
      expect(tests.map((t: { name: string }) => t.name).sort(), dir).toEqual([...TESTS].sort());
      expect(
        tests.filter((t: { status: string }) => t.status !== 'ok').map((t: { name: string }) => t.name),
        dir,
      ).toEqual([]);
      // Each test ran its own script: the command names it, by path in the directory.
      const hot = tests.find((t: { name: string }) => t.name === 'hot-points');
      expect(hot.command).toMatch(/LUA_PATH=\S+mytools-lua-standin\/\?\.lua;; sysbench \S+\/oltp_inlist_select\.lua /);
      expect(hot.command).toContain('--hot-points');
      // Every test has its number: QPS, or Krows/s for scan.
      const measured = new Set(
        run.results
          .filter((x: { metric: string }) => x.metric === 'qps' || x.metric === 'scan_krows_per_s')
          .map((x: { test: string }) => x.test),
      );
      expect(measured.size, dir).toBe(TESTS.length);
    }
  });

  it('stops before the first step when the directory lacks a script, naming it', () => {
    const r = benchsite(
      ['run', join(tmp, 'all.yaml'), '--lua-dir', tmp, '--out', join(tmp, 'none'), '--work', join(tmp, 'work-none')],
      { timeout: 60_000 },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`ma.x: no readable ${tmp}/oltp_point_select.lua, `);
    expect(r.stderr).toContain('--lua-dir (luaDir) must name the directory holding the mytools scripts');
    expect(existsSync(join(tmp, 'none'))).toBe(false);
  });

  it('--lua-dir belongs to sysbench specs only', () => {
    const r = benchsite(['run', 'examples/pgbench-local.yaml', '--lua-dir', LUA, '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--lua-dir: examples/pgbench-local.yaml runs pgbench, whose spec has no luaDir (only sysbench runs Lua scripts)',
    );
  });
});
