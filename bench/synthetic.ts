// Realistic synthetic benchmark output at any scale, for `npm run bench`: the same text shapes as the real
// tools (sysbench 1.1 / 1.0 reports with interval lines, procps vmstat with repeated headers, sysstat iostat
// with several devices), made from a seeded random generator so every run of the benchmark sees the same bytes.

import { random } from './random.ts';

export { random };

const pad = (s: string | number, n: number) => String(s).padStart(n);

/** `vmstat 1 N` as procps prints it when stdout is not a terminal: headers every 21 lines. */
export function vmstatText(seconds: number, seed: number): string {
  const r = random(seed);
  const header =
    'procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n';
  let out = header;
  for (let i = 0; i <= seconds; i++) {
    if (i > 0 && i % 21 === 0) out += header;
    const us = Math.floor(20 + r() * 40);
    const sy = Math.floor(5 + r() * 20);
    const wa = Math.floor(r() * 3);
    const id = Math.max(0, 100 - us - sy - wa);
    out += `${pad(Math.floor(r() * 9), 2)} ${pad(Math.floor(r() * 2), 2)} ${pad(0, 6)} ${pad(22000000 + Math.floor(r() * 100000), 6)} ${pad(12000 + Math.floor(r() * 100), 6)} ${pad(1600000 + Math.floor(r() * 10000), 6)} ${pad(0, 4)} ${pad(0, 4)} ${pad(Math.floor(r() * 5000), 5)} ${pad(Math.floor(r() * 9000), 5)} ${pad(40000 + Math.floor(r() * 20000), 4)} ${pad(90000 + Math.floor(r() * 40000), 4)} ${pad(us, 2)} ${pad(sy, 2)} ${pad(id, 2)} ${pad(wa, 2)} ${pad(0, 2)}\n`;
  }
  return out;
}

const IOSTAT_HEADER =
  'Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util';

/** `iostat -y -kx 1 N` (sysstat 12.6) with `devices`. */
export function iostatText(seconds: number, seed: number, devices = ['nvme0n1', 'nvme1n1', 'md0']): string {
  const r = random(seed);
  const f = (x: number) => pad(x.toFixed(2), 8);
  let out = `Linux 6.8.0-45-generic (bench1) \t11/22/26 \t_x86_64_\t(8 CPU)\n\n`;
  for (let i = 0; i < seconds; i++) {
    const u = 20 + r() * 40;
    const s = 5 + r() * 20;
    out += `\navg-cpu:  %user   %nice %system %iowait  %steal   %idle\n        ${f(u)}    0.00 ${f(s)}    0.50    0.00 ${f(100 - u - s - 0.5)}\n\n${IOSTAT_HEADER}\n`;
    for (const d of devices) {
      const rs = r() * 500;
      const ws = r() * 2000;
      out += `${d.padEnd(12)}${f(rs)} ${f(rs * 16)}     0.00   0.00    0.12 ${f(16)} ${f(ws)} ${f(ws * 8)} ${f(r() * 10)}   1.20    0.05 ${f(8)}    0.00      0.00     0.00   0.00    0.00     0.00 ${f(r() * 50)}    0.40    0.31 ${f(r() * 60)}\n`;
    }
  }
  return `${out}\n`;
}

/** A sysbench run with `--report-interval=1`, as mytools run.sh captures it (command line, CPUs, output). */
export function sysbenchText(
  seconds: number,
  seed: number,
  test: { lua: string; range: number; threads: number; tableSize: number },
): string {
  const r = random(seed);
  let total = 0;
  let out = `LUA_PATH=/home/bench/mytools/bench/sysbench.lua/lua/?.lua /home/bench/sysbench/bin/sysbench --db-driver=pgsql --range-size=${test.range} --table-size=${test.tableSize} --tables=1 --threads=${test.threads} --events=0 --warmup-time=5 --time=${seconds} --report-interval=1 /home/bench/mytools/bench/sysbench.lua/lua/${test.lua} run --pgsql-user=root --pgsql-password=pw --pgsql-host=127.0.0.1 --pgsql-db=ib --rand-type=uniform --skip-trx\n8 CPUs\nsysbench 1.1.0-3ceba0b (using bundled LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: ${test.threads}\nReport intermediate results every 1 second(s)\nWarmup time: 5s\nInitializing random number generator from current time\n\n\nInitializing worker threads...\n\nThreads started!\n\nWarming up for 5 seconds...\n\n`;
  for (let i = 1; i <= seconds; i++) {
    const qps = 15000 + r() * 3000;
    total += qps;
    out += `[ ${i}s ] thds: ${test.threads} tps: ${qps.toFixed(2)} qps: ${qps.toFixed(2)} (r/w/o: ${qps.toFixed(2)}/0.00/0.00) lat (ms,95%): ${(0.05 + r() * 0.02).toFixed(2)} err/s: 0.00 reconn/s: 0.00\n`;
  }
  const q = Math.round(total);
  const ps = (q / seconds).toFixed(2);
  out += `SQL statistics:\n    queries performed:\n        read:                            ${q}\n        write:                           0\n        other:                           0\n        total:                           ${q}\n    transactions:                        ${q} (${ps} per sec.)\n    queries:                             ${q} (${ps} per sec.)\n    ignored errors:                      0      (0.00 per sec.)\n    reconnects:                          0      (0.00 per sec.)\n\nThroughput:\n    events/s (eps):                      ${ps}\n    time elapsed:                        ${seconds}.0003s\n    total number of events:              ${q}\n\nLatency (ms):\n         min:                                    0.05\n         avg:                                    0.06\n         max:                                    0.70\n         95th percentile:                        0.06\n         sum:                               ${(seconds * 998.7).toFixed(2)}\n\nThreads fairness:\n    events (avg/stddev):           ${q}.0000/0.00\n    execution time (avg/stddev):   ${(seconds * 0.998).toFixed(4)}/0.00\n\n`;
  return out;
}
