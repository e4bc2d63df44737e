import { parseArgs } from 'node:util';
import { relative, resolve } from 'node:path';
import { readSpec, SpecError } from '../lib/read-spec.ts';
import { RunSpecSchema } from '../../src/schemas/index.ts';
import { Progress } from '../lib/progress.ts';
import { dryRunText, runSpecs } from '../run-spec.ts';
import { BENCHMARK_FOLDERS } from '../benchmarks.ts';
import { UsageError, type Command } from './command.ts';
import { helpList } from './help-list.ts';

/** Each benchmark's part of a spec (`benchsite run --help`). */
const BENCHMARK_PARTS = helpList(
  BENCHMARK_FOLDERS.map((b) => [b.name, b.help.run] as const),
  18,
);

export const runCommand: Command = {
  name: 'run',
  help: `Usage: benchsite run <spec.yaml>... [--resume] [--dry-run] [--replace] [--out <dir>] [--work <dir>]
                     [--lua-dir <dir>]

Runs every test of the spec on its host(s), with vmstat 1 and iostat -y -kx 1 beside each
test, keeps every raw file under <work>/<spec name>/<host>/<dbms label>/, then harvests and
writes one validated run per DBMS entry to <out> (the spec's \`out\`, default content/runs).
Hosts (several in one spec, or several specs) run in parallel.

Options:
  --resume     continue an interrupted run after its last finished test (partial output of
               the interrupted test is kept under attempts/)
  --dry-run    print the exact commands (passwords redacted) and do nothing
  --replace    a finished run whose id exists with other raw files replaces it (default: it is
               kept beside it as a repeat, <id>~2, and said so)
  --out <dir>  write finished runs here instead of the spec's out
  --work <dir> raw run directories (default .benchsite/work)
  --lua-dir <dir>
               sysbench: run every test with the mytools Lua scripts of this directory (a
               checkout's bench/sysbench.lua/lua, on the host that runs sysbench), as the posts
               did; sets the spec's benchmark.luaDir

The spec (YAML):
  name: pg-sync-vs-async
  host:
    name: lab1                        # host name used in content/runs paths
    ssh:                              # omit the whole block to run on this machine
      host: 127.0.0.1
      port: 2222
      user: bench
      privateKey: ~/.ssh/id_ed25519
      knownHosts: ~/.ssh/known_hosts  # the host key must be there; no trust on first use
    facts: { description: ..., storage: [...] }   # optional facts inventory cannot find
    device: nvme0n1                   # optional iostat device of the database
  # hosts: [ {name: ..., ssh: ...}, ... ]  instead of host: to run several hosts in parallel
  dbms:
    - label: pg15.sync                # one entry per DBMS build + config; becomes one run
      product: postgres               # postgres | mysql | mariadb
      config: sync_on
      configDescription: synchronous_commit=on
      setup: ["psql -h 127.0.0.1 -U postgres -c 'ALTER SYSTEM SET synchronous_commit=on'"]
      connection: { host: 127.0.0.1, port: 5432, user: postgres, password: "", database: bench }
  benchmark:                          # what runs: its kind, and that benchmark's part (below)
    kind: sysbench
    tables: 1
    rows: 20000
    threads: [1]
    seconds: { read: 10, write: 10 }
    tests: [point-query, range-covered-pk, read-only-count, update-index, insert, write-only]
  out: content/runs

The benchmark part, by kind (each benchmark's README lists every field; examples/ has specs):
${BENCHMARK_PARTS}
Passwords (connection.password or passwordEnv) and key paths never reach content/.`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        resume: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        out: { type: 'string' },
        work: { type: 'string', default: '.benchsite/work' },
        'lua-dir': { type: 'string' },
      },
    });
    if (positionals.length === 0)
      throw new UsageError('give a run spec (YAML); `benchsite run --help` shows its shape');
    const specs = [];
    for (const file of positionals) {
      try {
        specs.push({ file, spec: await readSpec(file) });
      } catch (e) {
        if (e instanceof SpecError) {
          console.error(e.message);
          return 1;
        }
        throw e;
      }
    }
    const luaDir = values['lua-dir'];
    if (luaDir !== undefined) {
      for (const s of specs) {
        // A relative directory is this machine's; a remote host's must be given as its absolute path.
        const parsed = RunSpecSchema.safeParse({
          ...s.spec,
          benchmark: { ...s.spec.benchmark, luaDir: resolve(luaDir) },
        });
        if (!parsed.success)
          throw new UsageError(
            `--lua-dir: ${s.file} runs ${s.spec.benchmark.kind}, whose spec has no luaDir (only sysbench runs Lua scripts)`,
          );
        s.spec = parsed.data;
      }
    }
    // A password named by `passwordEnv` but not in the environment would silently be an empty password.
    const unset = specs.flatMap((s) =>
      unsetPasswordEnvs(s.spec).map(
        (name) =>
          `${s.file}: passwordEnv names ${name}, which is not set. Export it first: export ${name}='<password>'`,
      ),
    );
    if (values['dry-run']) {
      for (const u of unset) console.error(`warning: ${u}`);
      for (const s of specs) process.stdout.write(dryRunText(s.file, s.spec));
      return 0;
    }
    if (unset.length) {
      for (const u of unset) console.error(`error: ${u}`);
      return 1;
    }
    const progress = new Progress();
    const abort = new AbortController();
    const onSigint = () => {
      if (abort.signal.aborted) process.exit(130);
      progress.log('benchsite', 'stopping after the current command (Ctrl-C again to quit at once)');
      abort.abort();
    };
    process.on('SIGINT', onSigint);
    try {
      const outcomes = await runSpecs(specs, {
        resume: values.resume!,
        work: values.work!,
        out: values.out,
        replace: values.replace,
        progress,
        signal: abort.signal,
      });
      progress.stop();
      for (const o of outcomes) {
        for (const w of o.written) console.log(`wrote ${relative(process.cwd(), w)}`);
        if (o.error) console.error(`error: ${o.error}`);
      }
      const failed = outcomes.filter((o) => o.error).length;
      console.log(
        `${outcomes.reduce((n, o) => n + o.written.length, 0)} run(s) written${failed ? `, ${failed} host(s) failed` : ''}`,
      );
      return abort.signal.aborted ? 130 : failed ? 1 : 0;
    } finally {
      process.off('SIGINT', onSigint);
      progress.stop();
    }
  },
};

/** Names in `passwordEnv` fields of a spec (anywhere in it) that the environment does not set. */
export function unsetPasswordEnvs(spec: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'passwordEnv' && typeof x === 'string' && process.env[x] === undefined) out.add(x);
        else walk(x);
      }
    }
  };
  walk(spec);
  return [...out];
}
