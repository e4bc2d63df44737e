// Small helpers for the benchmark: timing, peak memory of a child process, machine facts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** What it measured, one line. */
  note?: string;
  target?: string;
}

/** Wall seconds, and CPU seconds of this process (every thread: the thread pool's gzip and hashing too). */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ seconds: number; cpuSeconds: number; value: T }> {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - t) / 1000, cpuSeconds: (used.user + used.system) / 1e6, value };
}

export interface Measured {
  seconds: number;
  /** User + system CPU seconds of the process and the children it waited for (GNU time), when known. */
  cpuSeconds?: number;
  /**
   * The largest RSS (MB) the command and its descendants held at once, sampled every 100 ms from /proc (Linux);
   * else GNU time's figure, which is the largest single process's: a build that hands work from one process to
   * the next would look smaller than it is.
   */
  peakRssMb?: number;
  code: number | null;
  output: string;
}

/**
 * Run a command; wall seconds, and CPU seconds and peak RSS (MB) from GNU time when it is there. CPU time is
 * reported beside wall time because the machine is shared: other work stretches the wall time, not the CPU time.
 */
export function runMeasured(argv: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Measured> {
  const gnuTime = existsSync('/usr/bin/time');
  const full = gnuTime ? ['/usr/bin/time', '-f', 'BENCH_TIME %e %M %U %S', ...argv] : argv;
  const t = performance.now();
  return new Promise((resolve) => {
    const child = spawn(full[0]!, full.slice(1), {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sampler = treeRssSampler(child.pid);
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => {
      const treePeakKb = sampler.stop();
      const m = /BENCH_TIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/.exec(output);
      const peakKb = Math.max(treePeakKb, m ? Number(m[2]) : 0);
      resolve({
        seconds: (performance.now() - t) / 1000,
        cpuSeconds: m ? Number(m[3]) + Number(m[4]) : undefined,
        peakRssMb: peakKb ? peakKb / 1024 : undefined,
        code,
        output,
      });
    });
  });
}

/** The sum of VmRSS (KB) over `pid` and its descendants, sampled until stopped; 0 where /proc is missing. */
function treeRssSampler(pid: number | undefined): { stop(): number } {
  if (pid === undefined || !existsSync('/proc/self/status')) return { stop: () => 0 };
  let peak = 0;
  const sample = () => {
    const children = new Map<number, number[]>();
    for (const e of readdirSync('/proc')) {
      if (!/^\d+$/.test(e)) continue;
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const list = children.get(ppid) ?? [];
        list.push(Number(e));
        children.set(ppid, list);
      } catch {
        // gone meanwhile
      }
    }
    let kb = 0;
    for (const todo = [pid]; todo.length;) {
      const p = todo.pop()!;
      try {
        kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // gone meanwhile
      }
      todo.push(...(children.get(p) ?? []));
    }
    peak = Math.max(peak, kb);
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

export function machine() {
  const c = cpus();
  let load: string | undefined;
  try {
    load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    load = undefined;
  }
  return {
    cpuModel: c[0]?.model,
    cpus: c.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: load,
  };
}
