// `benchsite run`: for every host of every spec, in parallel: connect, check the tools, capture the
// inventory, then per DBMS entry execute the plan into a raw run directory, harvest it and write the run.
// Raw files stay in the work directory (never deleted); only complete, validated runs reach `out`.
import { access, copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Meta, RunSpec, SpecDbms, SpecHost } from '../src/schemas/index.ts';
import { runId } from '../src/runs/run-id.ts';
import { dataDirectory, parseSettings, password, versionFromServer } from './lib/dbms-client.ts';
import { hostFacts, INVENTORY_COMMANDS, type InventoryFiles } from './lib/inventory.ts';
import { appendJournal, finishedSteps, readJournal, JOURNAL } from './lib/journal.ts';
import type { Progress } from './lib/progress.ts';
import { loadRawInput } from './lib/raw-input.ts';
import { guardNumbers } from './lib/plausible.ts';
import { RunStopped, type StepContext } from './lib/run-steps.ts';
import { openTransport, TransportError, type Transport } from './lib/transport/index.ts';
import { writeHarvestedRun, writtenLine } from './lib/write-run.ts';
import { publishableRun, redactRawFiles } from './lib/publishable.ts';
import { redactCommand } from './lib/redact.ts';
import { RAW_META } from './lib/meta.ts';
import { quote } from './lib/transport/shell-quote.ts';
import { folderOf as folderNamed } from './benchmarks.ts';
import type { BenchmarkFolder } from './lib/benchmark-folder.ts';
import type { DbmsPlan, Plan } from './lib/steps.ts';
import type { HarvestedRun } from './lib/harvested.ts';

export interface RunOptions {
  resume: boolean;
  /** Root of raw run directories: `<work>/<spec>/<host>/<dbms label>/`. */
  work: string;
  /** Overrides the spec's `out`. */
  out?: string;
  progress: Progress;
  signal: AbortSignal;
  /** A run whose id exists with other raw files replaces it instead of being kept as a repeat. */
  replace?: boolean;
}

export interface HostOutcome {
  spec: string;
  host: string;
  written: string[];
  error?: string;
}

const hostsOf = (spec: RunSpec): SpecHost[] => spec.hosts ?? [spec.host!];

function planOf(spec: RunSpec): Plan {
  return folderOf(spec).run.plan(spec);
}

/** The passwords and passphrases of a spec, by value (never printed or written: redact.ts). */
export function specSecrets(spec: RunSpec): string[] {
  const out = new Set<string>();
  for (const d of spec.dbms) out.add(password(d.connection));
  for (const h of hostsOf(spec)) {
    if (h.ssh?.passphrase) out.add(h.ssh.passphrase);
    if (h.ssh?.passphraseEnv) out.add(process.env[h.ssh.passphraseEnv] ?? '');
  }
  for (const s of folderOf(spec).run.secrets?.(spec.benchmark) ?? []) out.add(s);
  out.delete('');
  return [...out];
}

/** `--dry-run`: the exact commands, per host and DBMS entry, passwords redacted. */
export function dryRunText(specFile: string, spec: RunSpec): string {
  const plan = planOf(spec);
  const secrets = specSecrets(spec);
  const shellLine = (argv: string[]) => redactCommand(argv.map(quote).join(' '), secrets);
  const out: string[] = [`# ${specFile}: ${spec.name}`];
  for (const s of plan.skipped) out.push(`# skipped ${s.test}: ${s.reason}`);
  for (const host of hostsOf(spec)) {
    out.push(
      `## host ${host.name} (${host.ssh ? `ssh ${host.ssh.user}@${host.ssh.host}:${host.ssh.port}` : 'this machine'})`,
    );
    out.push(...INVENTORY_COMMANDS.map((c) => `${shellLine(c.argv)} > inventory/${c.file}`));
    for (const run of plan.runs) {
      out.push(`### ${run.dbms.label} -> ${run.dir}/`);
      for (const f of run.files ?? [])
        out.push(redactCommand(`cat > ${quote(f.hostPath)} <<'EOF'\n${f.content.trimEnd()}\nEOF`, secrets));
      for (const step of run.steps) {
        if (step.kind === 'shell') out.push(shellLine(['sh', '-c', step.script]));
        else if (step.kind === 'client')
          out.push(`${shellLine(step.command.argv)}${step.file ? ` > ${step.file}` : ''}`);
        else {
          const m = step.monitors;
          if (m)
            out.push(
              `${m.delaySeconds ? `sleep ${m.delaySeconds}; ` : m.startOn ? `# from the output line matching ${m.startOn}${m.stopOn ? ` to ${m.stopOn}` : ''}: ` : ''}vmstat ${m.intervalSeconds} > ${m.vm} &  iostat -y -kx ${m.intervalSeconds} > ${m.io} &`,
            );
          const bg = step.commands.length > 1 ? ' &' : '';
          for (const c of step.commands) out.push(`${shellLine(c.argv)} > ${c.file}${bg}`);
        }
      }
    }
  }
  return `${out.join('\n')}\n`;
}

async function exists(p: string): Promise<boolean> {
  try {
    await access(p);
    return true;
  } catch {
    return false;
  }
}

async function checkTools(t: Transport, host: string, tools: string[]): Promise<void> {
  const missing: string[] = [];
  for (const tool of tools) {
    const r = await t.exec(['sh', '-c', 'command -v "$1"', 'sh', tool]);
    if (r.disconnected) throw new TransportError(`${host}: lost the connection (${t.where}) while checking tools`);
    if (r.code !== 0) missing.push(tool);
  }
  if (missing.length) {
    // Programs named by a path (HammerDB's hammerdbcli) are not Debian packages.
    const packages = missing
      .filter((m) => !m.includes('/'))
      .map((m) => (m === 'iostat' ? 'sysstat' : m === 'vmstat' ? 'procps' : m));
    throw new Error(
      `${host}: ${missing.join(', ')} not found on ${t.where}. ${packages.length ? `Install them (Debian/Ubuntu: apt-get install -y ${packages.join(' ')}) or set` : 'Install it there, or set'} its path in the spec's benchmark section.`,
    );
  }
}

/** Capture the inventory once per host (kept on resume). */
async function inventory(t: Transport, dir: string): Promise<InventoryFiles> {
  await mkdir(dir, { recursive: true });
  const files: InventoryFiles = {};
  for (const c of INVENTORY_COMMANDS) {
    const path = join(dir, c.file);
    if (!(await exists(path))) {
      const r = await t.exec(c.argv, { timeoutMs: 60_000 });
      if (r.disconnected) throw new TransportError(`lost the connection (${t.where}) while capturing the inventory`);
      await writeFile(path, r.code === 0 ? r.stdout : `${r.stdout}${r.stderr}# exit code ${r.code}\n`);
    }
    files[c.file] = await readFile(path, 'utf8');
  }
  return files;
}

/** Facts for harvest that the raw sysbench files do not carry: from the spec, the inventory and the server. */
async function metaFor(spec: RunSpec, host: SpecHost, dbms: SpecDbms, dir: string, inv: InventoryFiles): Promise<Meta> {
  const read = async (f: string) => ((await exists(join(dir, f))) ? readFile(join(dir, f), 'utf8') : undefined);
  const versionText = (await read('dbms-version.txt'))?.trim();
  const settingsText = await read('dbms-settings.txt');
  const settings = settingsText ? parseSettings(settingsText) : undefined;
  return {
    host: { name: host.name, ...hostFacts(inv, settings ? dataDirectory(settings) : undefined), ...host.facts },
    dbms: {
      product: dbms.product,
      version: versionFromServer(versionText ?? ''),
      label: dbms.label,
      buildName: dbms.build,
      serverVersion: versionText || undefined,
    },
    config: {
      name: dbms.config,
      description: dbms.configDescription,
      file: settingsText ? 'dbms-settings.txt' : undefined,
      text: settingsText,
      settings,
    },
    device: host.device,
    ranBy: spec.ranBy,
    notes: spec.notes,
    spec: spec.name,
  };
}

/** Secrets this short are not searched for: they would match ordinary words of the raw files. */
const SEARCHED_SECRET_CHARS = 8;

/**
 * The last check before a run of `benchsite run` is written: none of the spec's passwords may be in what would
 * be published (run.json and the raw files as archived). The raw files are benchsite's own and should never
 * hold one; if a tool printed it, the run is refused rather than published.
 */
function secretsIn(h: HarvestedRun, secrets: string[]): string[] {
  const searched = secrets.filter((x) => x.length >= SEARCHED_SECRET_CHARS);
  if (!searched.length) return [];
  redactRawFiles(h);
  const runText = JSON.stringify(publishableRun(h.run));
  const found: string[] = [];
  if (searched.some((x) => runText.includes(x))) found.push('run.json');
  for (const e of h.raw) {
    const bytes = Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength);
    if (searched.some((x) => bytes.includes(x))) found.push(e.path);
  }
  return found;
}

/** Harvest a finished raw run directory and write the run (validated, atomic). */
async function harvestAndWrite(
  spec: RunSpec,
  host: SpecHost,
  run: DbmsPlan,
  dir: string,
  inv: InventoryFiles,
  out: string,
  replace: boolean,
): Promise<{ file: string; line: string }> {
  // The facts go into the raw directory, so harvesting it (or its raw.tar.gz) again gives the same run.
  await writeFile(join(dir, RAW_META), `${JSON.stringify(await metaFor(spec, host, run.dbms, dir, inv), null, 2)}\n`);
  const result = folderOf(spec).harvest(await loadRawInput(dir));
  if (result.runs.length !== 1) throw new Error(`${dir}: expected one run to harvest, found ${result.runs.length}`);
  const h = result.runs[0]!;
  guardNumbers(h); // as harvest does: no impossible number is written
  const leaked = secretsIn(h, specSecrets(spec));
  if (leaked.length)
    throw new Error(
      `${dir}: a password of the spec is in ${leaked.join(', ')}; the run is not written, so it is not published. A program printed it: remove it from those raw files and harvest the directory yourself`,
    );
  const w = await writeHarvestedRun(h, out, { replace });
  await appendJournal(join(dir, JOURNAL), { event: 'harvested', at: new Date().toISOString(), id: runId(h.run) });
  return { file: join(w.dir, 'run.json'), line: writtenLine(w, relative(process.cwd(), w.dir)) };
}

async function runHost(specFile: string, spec: RunSpec, host: SpecHost, opts: RunOptions): Promise<HostOutcome> {
  const outcome: HostOutcome = { spec: spec.name, host: host.name, written: [] };
  const hostDir = join(opts.work, spec.name, host.name);
  const out = opts.out ?? spec.out;
  const plan = planOf(spec);
  const p = opts.progress;
  const startedAt = Date.now();
  for (const s of plan.skipped) p.log(host.name, `skipping ${s.test}: ${s.reason}`);
  let transport: Transport | undefined;
  let current: { dbms: string; step: string } | undefined;
  try {
    for (const run of plan.runs) {
      const dir = join(hostDir, run.dir);
      if (!opts.resume && (await exists(join(dir, JOURNAL)))) {
        throw new Error(
          `${relative(process.cwd(), dir)}/ already holds a run of this spec. Continue it with \`benchsite run ${specFile} --resume\`, or move that directory away to start again (benchsite never deletes raw files).`,
        );
      }
    }
    p.log(
      host.name,
      `connecting (${host.ssh ? `ssh ${host.ssh.user}@${host.ssh.host}:${host.ssh.port}` : 'this machine'})`,
    );
    transport = await openTransport(host);
    await checkTools(transport, host.name, folderOf(spec).run.tools(spec.benchmark));
    const invDir = join(hostDir, 'inventory');
    const inv = await inventory(transport, invDir);
    const cpus = Number(inv['nproc.txt']?.trim()) || undefined;
    const isTest = (s: DbmsPlan['steps'][number]) => s.kind === 'run' && s.test !== undefined;
    const totalTests = plan.runs.reduce((n, r) => n + r.steps.filter(isTest).length, 0);
    let testsBefore = 0;
    for (const run of plan.runs) {
      const dir = join(hostDir, run.dir);
      await mkdir(join(dir, 'inventory'), { recursive: true });
      for (const f of await readdir(invDir)) await copyFile(join(invDir, f), join(dir, 'inventory', f));
      const events = await readJournal(join(dir, JOURNAL));
      const harvested = events.some((e) => e.event === 'harvested');
      const finished = finishedSteps(events);
      const allDone = run.steps.every((s) => finished.has(s.id));
      const nTests = run.steps.filter(isTest).length;
      if (harvested && allDone) {
        p.log(host.name, `${run.dbms.label}: already finished and harvested`);
        testsBefore += nTests;
        continue;
      }
      const ctx: StepContext = {
        host: host.name,
        dbms: run.dbms.label,
        transport,
        dir,
        progress: p,
        signal: opts.signal,
        secrets: specSecrets(spec),
      };
      current = { dbms: run.dbms.label, step: 'setup' };
      await folderOf(spec).run.execute(run, ctx, {
        cpus,
        onTest: (t) => {
          current = { dbms: run.dbms.label, step: t.name };
          p.status(host.name, {
            dbms: run.dbms.label,
            step: t.name,
            index: testsBefore + t.index,
            total: totalTests,
            startedAt,
            remainingSeconds: t.remainingSeconds,
            rate: t.rate,
            rateUnit: t.rateUnit,
          });
        },
      });
      testsBefore += nTests;
      const written = await harvestAndWrite(spec, host, run, dir, inv, out, !!opts.replace);
      outcome.written.push(written.file);
      p.log(host.name, `${run.dbms.label}: ${written.line}`);
    }
  } catch (e) {
    const err = e as Error;
    const onDisk = `Raw files so far are in ${relative(process.cwd(), hostDir) || hostDir}/`;
    if (e instanceof RunStopped) {
      outcome.error = `${host.name}: ${err.message}. ${onDisk}${current ? ` (the partial output of ${current.step} is kept and set aside on resume)` : ''}.${e.resumable ? ` Continue with \`benchsite run ${specFile} --resume\`.` : ''}`;
    } else if (e instanceof TransportError) {
      outcome.error = err.message.startsWith(host.name) ? err.message : `${host.name}: ${err.message}`;
    } else {
      outcome.error = err.message.startsWith(host.name) ? err.message : `${host.name}: ${err.message}`;
    }
  } finally {
    p.finish(host.name);
    await transport?.close();
  }
  return outcome;
}

/** Run every host of every spec in parallel. */
export async function runSpecs(
  specs: Array<{ file: string; spec: RunSpec }>,
  opts: RunOptions,
): Promise<HostOutcome[]> {
  const tasks = specs.flatMap(({ file, spec }) => hostsOf(spec).map((h) => runHost(file, spec, h, opts)));
  return Promise.all(tasks);
}

/** The folder of the spec's benchmark (its plan, tools and execute take that benchmark's spec). */
function folderOf(spec: RunSpec): BenchmarkFolder<RunSpec['benchmark']['kind']> {
  return folderNamed(spec.benchmark.kind) as BenchmarkFolder<RunSpec['benchmark']['kind']>;
}
