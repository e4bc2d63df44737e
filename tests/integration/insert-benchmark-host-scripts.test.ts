// What an Insert Benchmark plan runs on a host, run for real: the check that iibench.py is there (sh) and the
// launcher that hands iibench.py its password (python3). The plan itself: tests/unit/benchmarks/insert-benchmark/plan.test.ts.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IIBENCH_LAUNCHER, planInsertBenchmark } from '../../benchmarks/insert-benchmark/plan.ts';
import type { InsertBenchmarkSpec } from '../../benchmarks/insert-benchmark/schemas.ts';
import { parseSpec } from '../../collectors/lib/read-spec.ts';

describe('the iibench.py check', () => {
  it('stops the entry with a message when iibench.py is missing, and passes when it is there (real sh)', () => {
    const spec = parseSpec(
      'spec.yaml',
      `name: t
host: { name: lab1 }
dbms:
  - label: pg15.cy1
    product: postgres
    config: cy1
    connection: { host: 127.0.0.1, user: root, password: pw, database: ib }
benchmark:
  kind: insert-benchmark
  iibench: iibench.py
  rows: { load: 200000, write: 100000 }
`,
    );
    const plan = planInsertBenchmark(spec.benchmark as InsertBenchmarkSpec, spec.dbms);
    const check = plan.runs[0]!.steps.find((s) => s.id === 'check-iibench')!;
    if (check.kind !== 'shell') throw new Error('not a shell step');
    const dir = mkdtempSync(join(tmpdir(), 'ib-check-'));
    const missing = spawnSync('sh', ['-c', check.script], { cwd: dir, encoding: 'utf8' });
    expect([missing.status, missing.stderr]).toEqual([
      1,
      "iibench.py is not a readable file on this host: set benchmark.iibench to the path of mytools' bench/ibench/iibench.py\n",
    ]);
    writeFileSync(join(dir, 'iibench.py'), '');
    expect(spawnSync('sh', ['-c', check.script], { cwd: dir }).status).toBe(0);
  });
});

describe('the iibench.py launcher', () => {
  it('gives iibench.py its password in sys.argv, from the environment, never on the command line (real python3)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ib-launcher-'));
    // A script that shows what it got: its argv, its own command line as ps sees it, its path and __name__.
    writeFileSync(
      join(dir, 'show.py'),
      [
        'import json, os, sys',
        "cmdline = open('/proc/self/cmdline', 'rb').read().decode().split('\\0')",
        "print(json.dumps({'argv': sys.argv, 'cmdline': cmdline, 'path0': sys.path[0], 'name': __name__,",
        "  'env': 'BENCHSITE_DB_PASSWORD' in os.environ}))",
      ].join('\n'),
    );
    const secret = "p w'd;$x";
    const r = spawnSync('python3', ['-c', IIBENCH_LAUNCHER, join(dir, 'show.py'), '--my_id=1'], {
      env: { ...process.env, BENCHSITE_DB_PASSWORD: secret },
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    const seen = JSON.parse(r.stdout);
    expect(seen.argv).toEqual([join(dir, 'show.py'), '--my_id=1', `--db_password=${secret}`]);
    expect(seen.cmdline.join(' ')).not.toContain(secret);
    expect(seen).toMatchObject({ path0: dir, name: '__main__', env: false });
  });
});
