// The fuzzer's seeds: every kind of real raw input in tests/fixtures, each as the tree `benchsite harvest` would
// load (a result directory, a single output file, a parent of several). Large trees are cut to a few tests or
// steps (whole files, never edited) so that one case harvests in tens of milliseconds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { readTar } from '../collectors/lib/tar.ts';
import { JOURNAL } from '../collectors/lib/journal.ts';
import { MONITORS_FILE, monitorsFileText } from '../benchmarks/insert-benchmark/monitors-file.ts';
import { RAW_META } from '../collectors/lib/meta.ts';

export const FIXTURES = fileURLToPath(new URL('../tests/fixtures/', import.meta.url));

export interface SeedFile {
  path: string;
  data: Uint8Array;
}

export interface Seed {
  /** Short name, shown in failure places. */
  name: string;
  /** The benchmark its files are output of. */
  format: 'sysbench' | 'insert-benchmark' | 'hammerdb' | 'pgbench';
  /** Base name of the input (a directory's or file's name). */
  root: string;
  files: SeedFile[];
}

const enc = new TextEncoder();

function dirFiles(dir: string, keep: (path: string, size: number) => boolean = () => true): SeedFile[] {
  const out: SeedFile[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) {
        const path = relative(dir, full).split(sep).join('/');
        if (keep(path, statSync(full).size)) out.push({ path, data: new Uint8Array(readFileSync(full)) });
      }
    }
  };
  walk(dir);
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

const archives = new Map<string, Array<{ path: string; data: Uint8Array }>>();
function archive(name: string) {
  let files = archives.get(name);
  if (!files) archives.set(name, (files = readTar(gunzipSync(readFileSync(FIXTURES + name)))));
  return files;
}

/** Files of a fixture archive under `prefix`, re-rooted there, that `keep` accepts. */
function fromArchive(name: string, prefix: string, keep: (path: string) => boolean = () => true): SeedFile[] {
  return archive(name)
    .filter((e) => e.path.startsWith(prefix) && !e.path.endsWith('/'))
    .map((e) => ({ path: e.path.slice(prefix.length), data: e.data }))
    .filter((e) => keep(e.path));
}

const SB_TESTS = /\.(point-query|scan|read-write|insert)\.range/;
const IB_STEPS = /^(l\.i0|l\.x|l\.i1|qr100\.L1)\//;
/** The files of an Insert Benchmark step that harvest reads; the rest (SHOW STATUS dumps, ps) is dropped. */
const IB_READ = /\/o\.(res|ib|vm|io|rate\.c|rt|gv|a|a\.r|sz)(\.|$)/;

let cached: Seed[] | undefined;

/** All seeds (read once per process). */
export function seeds(): Seed[] {
  if (cached) return cached;
  const my = FIXTURES + 'mytools/bench/';
  const list: Seed[] = [
    {
      name: 'sysbench mytools feb25 (dop40)',
      format: 'sysbench',
      root: 'x.pg1023_o2nofp.x10a_c32r128.pk1',
      files: dirFiles(my + 'arc/feb25.pg.flat/x.pg1023_o2nofp.x10a_c32r128.pk1'),
    },
    {
      name: 'sysbench mytools nov25 (dop1, dop40)',
      format: 'sysbench',
      root: 'nov25.sb.mysql',
      files: dirFiles(my + 'arc/nov25.sb.mysql', (p) => p.includes('/x.')),
    },
    {
      name: 'sysbench mytools dec2020 myrocks',
      format: 'sysbench',
      root: 'fbmy56',
      files: dirFiles(my + 'results/sysbench.dec2020/myrocks.inmem/fbmy56'),
    },
    {
      name: 'sysbench mytools realruns (MariaDB)',
      format: 'sysbench',
      root: 'x.ma101119.cy1.pk1',
      files: fromArchive(
        'realruns/sysbench.tar.gz',
        'sysbench/x.ma101119.cy1.pk1/',
        (p) => !p.includes('/') && (SB_TESTS.test(p) || !/^sb\./.test(p)) && !/^sb\.(end\.ps|es)\./.test(p),
      ),
    },
    {
      name: 'sysbench mytools realruns (PostgreSQL)',
      format: 'sysbench',
      root: 'x.pg1518.cy1.pk1',
      files: fromArchive(
        'realruns/sysbench.tar.gz',
        'sysbench/x.pg1518.cy1.pk1/',
        (p) => !p.includes('/') && SB_TESTS.test(p) && !/^sb\.(end\.ps|es)\./.test(p),
      ),
    },
    {
      name: 'sysbench benchsite run (journal, meta)',
      format: 'sysbench',
      root: 'x.ma101119.cy1.pk1',
      files: benchsiteSysbenchRun(),
    },
    ...dirFiles(FIXTURES + 'sysbench-1.0.20', (p) => p.endsWith('.txt')).map((f): Seed => ({
      name: `sysbench 1.0.20 ${f.path}`,
      format: 'sysbench',
      root: f.path,
      files: [{ ...f }],
    })),
    // Logs of several runs (a thread sweep, a session with prompts), reports cut short, 0.4/0.5 reports.
    ...['sysbench-logs', 'sysbench-constructed'].flatMap((d) =>
      dirFiles(FIXTURES + d, (p) => /\.(log|txt)$/.test(p)).map((f): Seed => ({
        name: `sysbench ${d}/${f.path}`,
        format: 'sysbench',
        root: f.path.split('/').pop()!,
        files: [{ ...f, path: f.path.split('/').pop()! }],
      })),
    ),
    {
      name: 'sysbench logs, a directory of them',
      format: 'sysbench',
      root: 'sysbench-logs',
      files: dirFiles(FIXTURES + 'sysbench-logs', (p) => /\.log$/.test(p) && !p.includes('/')),
    },
    {
      name: 'insert-benchmark realruns (MariaDB)',
      format: 'insert-benchmark',
      root: '0.2m.ma101119.ccy1',
      files: fromArchive(
        'realruns/ibench.tar.gz',
        'ibench/raw/1u.1tno/0.2m.ma101119.ccy1/',
        (p) => !p.includes('/') || (IB_STEPS.test(p) && IB_READ.test(`/${p}`)),
      ),
    },
    {
      name: 'insert-benchmark realruns (PostgreSQL)',
      format: 'insert-benchmark',
      root: '0.2m.pg1518.ccy1',
      files: fromArchive(
        'realruns/ibench.tar.gz',
        'ibench/raw/1u.1tno/0.2m.pg1518.ccy1/',
        (p) => !p.includes('/') || (IB_STEPS.test(p) && IB_READ.test(`/${p}`)),
      ),
    },
    {
      name: 'insert-benchmark benchsite run (journal, meta)',
      format: 'insert-benchmark',
      root: '0.2m.pg1518.ccy1',
      files: benchsiteIbRun(),
    },
    {
      name: 'insert-benchmark summaries (o.sum.t, mrg)',
      format: 'insert-benchmark',
      root: '100m',
      files: dirFiles(my + 'results/ibench.jan2021/100m', (p) => /(^|\/)(o\.sum\.t\.|mrg\.)/.test(p)),
    },
    {
      name: 'insert-benchmark report summaries (o.sum.t)',
      format: 'insert-benchmark',
      root: 'sum.1m.dop1',
      files: fromArchive('realruns/ibench.tar.gz', 'ibench/report/sum.1m.dop1/', (p) => p.startsWith('o.sum.t.')),
    },
    {
      name: 'hammerdb realruns stdout (PostgreSQL)',
      format: 'hammerdb',
      root: 'stdout',
      files: fromArchive('realruns/hammerdb.tar.gz', 'hammerdb/stdout/', (p) => p.startsWith('pg_')),
    },
    {
      name: 'hammerdb realruns stdout (MariaDB)',
      format: 'hammerdb',
      root: 'stdout',
      files: fromArchive('realruns/hammerdb.tar.gz', 'hammerdb/stdout/', (p) => p.startsWith('my_')),
    },
    {
      name: 'hammerdb realruns logs and jobs',
      format: 'hammerdb',
      root: 'tmpdir',
      files: fromArchive(
        'realruns/hammerdb.tar.gz',
        'hammerdb/tmpdir/',
        (p) => p !== 'hammer.DB' && !/hammerdb_6B024(E14|F35)/.test(p),
      ),
    },
    {
      name: 'hammerdb realruns jobs database',
      format: 'hammerdb',
      root: 'tmpdir',
      files: fromArchive(
        'realruns/hammerdb.tar.gz',
        'hammerdb/tmpdir/',
        (p) => p === 'hammer.DB' || p.endsWith('.out'),
      ),
    },
    {
      name: 'hammerdb jobs dump JSON',
      format: 'hammerdb',
      root: 'jobs_dump2.stdout.txt',
      files: fromArchive('realruns/hammerdb.tar.gz', 'hammerdb/stdout/', (p) => p === 'jobs_dump2.stdout.txt'),
    },
    ...dirFiles(FIXTURES + 'hammerdb-manual').map((f): Seed => ({
      name: `hammerdb manual ${f.path}`,
      format: 'hammerdb',
      root: f.path,
      files: [{ ...f }],
    })),
    // Two results per log: pastes of two real outputs (a before/after comment, an article with two DBMS).
    ...dirFiles(FIXTURES + 'hammerdb-pasted').map((f): Seed => ({
      name: `hammerdb pasted ${f.path}`,
      format: 'hammerdb',
      root: f.path,
      files: [{ ...f }],
    })),
    {
      name: 'hammerdb v6 artifact',
      format: 'hammerdb',
      root: 'hammerdb-v6',
      files: dirFiles(FIXTURES + 'hammerdb-v6', (p) => p.endsWith('.json')),
    },
    // pgbench: real outputs of PostgreSQL 15's pgbench (built-in and custom scripts, -P progress, -r, failures,
    // aborted runs) and constructed ones of other versions' layouts; the custom scripts stay beside them.
    ...['pgbench-15.20', 'pgbench-constructed', 'pgbench-15.20/loop'].flatMap((d) =>
      dirFiles(FIXTURES + d, (p) => p.endsWith('.txt') && !p.includes('/')).map((f): Seed => ({
        name: `pgbench ${d}/${f.path}`,
        format: 'pgbench',
        root: f.path,
        files: [{ ...f }],
      })),
    ),
  ];
  cached = list.filter((s) => s.files.length > 0);
  return cached;
}

/** A real mytools sysbench directory with the journal and meta file `benchsite run` keeps beside the outputs. */
function benchsiteSysbenchRun(): SeedFile[] {
  const files = fromArchive(
    'realruns/sysbench.tar.gz',
    'sysbench/x.ma101119.cy1.pk1/',
    (p) => !p.includes('/') && /\.(point-query|scan)\.range/.test(p) && /^sb\.(o|met|vm|io)\./.test(p),
  );
  let at = Date.UTC(2026, 10, 22, 2, 0, 0);
  const lines: string[] = [];
  for (const f of files.filter((x) => x.path.startsWith('sb.o.'))) {
    const step = `test:${f.path.slice('sb.o.'.length)}`;
    lines.push(JSON.stringify({ event: 'start', at: new Date(at).toISOString(), step, files: [f.path] }));
    at += 60_000;
    lines.push(JSON.stringify({ event: 'done', at: new Date(at).toISOString(), step, code: 0, seconds: 60 }));
  }
  files.push({ path: JOURNAL, data: enc.encode(`${lines.join('\n')}\n`) });
  files.push({
    path: RAW_META,
    data: enc.encode(`${JSON.stringify({ host: { name: 'vm1' }, cpus: 2, date: '2026-11-22' }, null, 2)}\n`),
  });
  return files;
}

/** The real 0.2m PostgreSQL result directory as `benchsite run` leaves it: no o.res, a journal and meta file. */
function benchsiteIbRun(): SeedFile[] {
  const prefix = 'ibench/raw/1u.1tno/0.2m.pg1518.ccy1/';
  const files = fromArchive(
    'realruns/ibench.tar.gz',
    prefix,
    (p) => IB_STEPS.test(p) && IB_READ.test(`/${p}`) && !/\/o\.res\./.test(p),
  );
  const steps = ['l.i0', 'l.x', 'l.i1', 'qr100.L1'];
  const seconds = [9, 2, 20, 30];
  let at = Date.UTC(2026, 10, 22, 1, 0, 0);
  const lines: string[] = [];
  steps.forEach((step, i) => {
    lines.push(JSON.stringify({ event: 'start', at: new Date(at).toISOString(), step: `test:${step}`, files: [] }));
    at += seconds[i]! * 1000;
    lines.push(
      JSON.stringify({
        event: 'done',
        at: new Date(at).toISOString(),
        step: `test:${step}`,
        code: 0,
        seconds: seconds[i],
      }),
    );
    at += 1000;
  });
  files.push({ path: JOURNAL, data: enc.encode(`${lines.join('\n')}\n`) });
  files.push({ path: MONITORS_FILE, data: enc.encode(monitorsFileText(5)) });
  files.push({
    path: RAW_META,
    data: enc.encode(
      `${JSON.stringify({ host: { name: 'vm1', cpus: 2 }, dbms: { product: 'postgres', version: '15.18' } }, null, 2)}\n`,
    ),
  });
  return files;
}
