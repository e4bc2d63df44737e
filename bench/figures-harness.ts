// Whole processes against the harness and start-up: `benchsite harvest` of the four real sysbench result
// directories (tests/fixtures/realruns/sysbench) beside the mytools summary pipeline on the same directories
// (an.sh per test, sum_qps_csv.sh, sum_met.sh: bench/mytools-pipeline.sh), and `benchsite --help`.
// The mytools scripts are not part of benchsite and are never copied into it: the comparison runs when
// BENCHSITE_MYTOOLS (or --mytools=<dir>) names the bench/sysbench.lua directory of a mytools checkout.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMeasured, type Figure, type Measured } from './measure.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/benchsite.js');
const MYTOOLS_SCRIPTS = ['an.sh', 'sum_qps_csv.sh', 'sum_met.sh'];

/** Where the mytools scripts are: --mytools=<dir>, else BENCHSITE_MYTOOLS; undefined when neither is set. */
export function mytoolsDir(argv: string[]): string | undefined {
  const flag = argv.find((a) => a.startsWith('--mytools='))?.slice('--mytools='.length);
  return flag || process.env.BENCHSITE_MYTOOLS || undefined;
}

const fastest = (runs: Measured[]) => runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
const leastCpu = (runs: Measured[]) => Math.min(...runs.map((r) => r.cpuSeconds ?? Infinity));

/** `benchsite --help`, best of 5 (the first call may fill Node's compile cache). */
export async function startupFigures(log: (s: string) => void): Promise<Figure[]> {
  log('timing `benchsite --help`');
  const runs: Measured[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await runMeasured([process.execPath, BIN, '--help']);
    if (r.code !== 0) throw new Error(`benchsite --help failed:\n${r.output.slice(-2000)}`);
    if (i > 0) runs.push(r);
  }
  const best = fastest(runs);
  return [
    {
      name: 'help_startup_s',
      value: best.seconds,
      unit: 's',
      note: `whole process, best of 5 (CPU ${best.cpuSeconds?.toFixed(2)} s)`,
      target: '<= 0.15',
    },
  ];
}

export async function harnessFigures(work: string, mytools: string | undefined, log: (s: string) => void) {
  const figures: Figure[] = [];
  // Without the mytools scripts, our side alone is timed: the ratio can then be taken by hand.
  const missing = mytools ? MYTOOLS_SCRIPTS.filter((s) => !existsSync(join(mytools, s))) : [];
  const skipped = !mytools
    ? 'set BENCHSITE_MYTOOLS (or --mytools=<dir>) to the bench/sysbench.lua directory of a mytools checkout'
    : missing.length
      ? `${mytools} lacks ${missing.join(', ')}`
      : undefined;
  const scripts = skipped ? undefined : mytools;
  const source = join(work, 'realruns-sysbench');
  if (!existsSync(join(source, '.complete'))) {
    await rm(source, { recursive: true, force: true });
    await mkdir(source, { recursive: true });
    execFileSync('tar', ['-xzf', join(ROOT, 'tests/fixtures/realruns/sysbench.tar.gz'), '-C', source]);
    execFileSync('touch', [join(source, '.complete')]);
  }
  const base = join(source, 'sysbench');
  const dirs = (await readdir(base)).filter((d) => d.startsWith('x.')).sort();
  // The order of PROVENANCE.md's summary commands: PostgreSQL cy1 first, the base of the relative tables.
  dirs.sort((a, b) => Number(b.startsWith('x.pg')) - Number(a.startsWith('x.pg')));
  const scratch = join(work, 'harness-scratch');
  const out = join(work, 'harness-harvest-out');

  const harvestOnce = async () => {
    await rm(out, { recursive: true, force: true });
    const r = await runMeasured(
      [
        process.execPath,
        BIN,
        'harvest',
        ...dirs.map((d) => join(base, d)),
        '--out',
        out,
        '--meta',
        join(ROOT, 'content/meta/vm.yaml'),
      ],
      { cwd: ROOT },
    );
    if (r.code !== 0) throw new Error(`benchsite harvest of the real sysbench runs failed:\n${r.output.slice(-3000)}`);
    return r;
  };
  const pipelineOnce = async (scriptsDir: string) => {
    // The scripts write beside the results and into the working directory: a fresh copy each time.
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch, { recursive: true });
    for (const d of dirs) await cp(join(base, d), join(scratch, d), { recursive: true });
    const r = await runMeasured(['bash', join(ROOT, 'bench/mytools-pipeline.sh'), scriptsDir, ...dirs], {
      cwd: scratch,
    });
    if (r.code !== 0) throw new Error(`the mytools summary pipeline failed:\n${r.output.slice(-3000)}`);
    if (!existsSync(join(scratch, 'qps.abs.all.csv'))) throw new Error('the mytools pipeline wrote no qps.abs.all.csv');
    return r;
  };

  log(
    skipped
      ? `harvest of the four real sysbench directories, 3 times (against the mytools summary pipeline: skipped: ${skipped})`
      : 'harvest of the four real sysbench directories against the mytools summary pipeline, alternately, 3 times',
  );
  await harvestOnce(); // fills Node's compile cache, as any earlier command would have
  const ours: Measured[] = [];
  const theirs: Measured[] = [];
  for (let i = 0; i < 3; i++) {
    ours.push(await harvestOnce());
    if (scripts) theirs.push(await pipelineOnce(scripts));
  }
  await rm(scratch, { recursive: true, force: true });
  await rm(out, { recursive: true, force: true });
  const a = fastest(ours);
  figures.push({
    name: 'harvest_realruns_sysbench_s',
    value: a.seconds,
    unit: 's',
    note: `benchsite harvest of ${dirs.length} directories (16 MB), whole process, best of 3; least CPU ${leastCpu(ours).toFixed(2)} s`,
  });
  if (skipped) return { figures, skipped };
  const b = fastest(theirs);
  figures.push(
    {
      name: 'mytools_pipeline_realruns_sysbench_s',
      value: b.seconds,
      unit: 's',
      note: `an.sh per test, sum_qps_csv.sh (TSV and CSV), sum_met.sh on the same directories, best of 3; least CPU ${leastCpu(theirs).toFixed(2)} s`,
    },
    {
      name: 'harvest_speedup_vs_mytools',
      value: b.seconds / a.seconds,
      unit: 'x',
      note: `wall, best against best; CPU time ${(leastCpu(theirs) / leastCpu(ours)).toFixed(1)}x`,
      target: '>= 5',
    },
  );
  return { figures };
}
