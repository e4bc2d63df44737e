// Figure 1: harvest throughput on a large raw directory (long runs, 1-second samples), parsing alone and
// with the compressed raw archive written; and our vmstat/iostat averaging against awk on the same files.
import { execFileSync } from 'node:child_process';
import module from 'node:module';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { harvestAny } from '../collectors/harvest-any.ts';
import { harvestAndWrite } from '../collectors/harvest-write.ts';
import { loadRawInput } from '../collectors/lib/raw-input.ts';
import { parseIostat } from '../collectors/lib/iostat.ts';
import { parseVmstat } from '../collectors/lib/vmstat.ts';
import { generateRawDir } from './generate-raw.ts';
import { timed, type Figure } from './measure.ts';

/** Per-column averages of every vmstat column and of every iostat column per device: what the awk does too. */
export function averageAll(vm: Array<string | Uint8Array>, io: Array<string | Uint8Array>): number {
  let checksum = 0;
  for (const text of vm) {
    const v = parseVmstat(text);
    const rows = v.rows.slice(1);
    for (let j = 0; j < v.columns.length; j++)
      checksum += rows.reduce((a, r) => a + r[j]!, 0) / Math.max(1, rows.length);
  }
  for (const text of io) {
    const p = parseIostat(text);
    for (const rows of p.deviceNames.map((d) => p.rows(d))) {
      for (let j = 0; j < p.columns.length; j++)
        checksum += rows.reduce((a, r) => a + r[j]!, 0) / Math.max(1, rows.length);
    }
  }
  return checksum;
}

// The awk the harness style would use (docs/formats/vmstat-iostat.md 4.4), extended to every column and every device.
const AWK_VMSTAT = `$1 ~ /^[0-9]+$/ && NF >= 16 { n++; for (i = 1; i <= NF; i++) s[i] += $i } END { for (i in s) printf "%s %.3f\\n", i, s[i] / n }`;
const AWK_IOSTAT = `/^Device/ { dev = 1; next } /^$/ { dev = 0; next } dev { n[$1]++; for (i = 2; i <= NF; i++) s[$1 "," i] += $i } END { for (k in s) { split(k, a, ","); printf "%s %.3f\\n", k, s[k] / n[a[1]] } }`;

export async function harvestFigures(work: string, bytes: number, log: (s: string) => void): Promise<Figure[]> {
  log(`generating ${(bytes / 1e9).toFixed(1)} GB of raw sysbench output (2-hour tests, 1-second samples) once`);
  const raw = await generateRawDir(join(work, `raw-${Math.round(bytes / 1e6)}m`), bytes, 7200);
  const mb = raw.bytes / 1e6;
  const read = await timed(() => loadRawInput(raw.dir));
  const out = join(work, 'harvest-out');
  await rm(out, { recursive: true, force: true });
  // Node's compile cache, as bin/benchsite.js keeps it: the worker threads load their modules from it.
  module.enableCompileCache?.(fileURLToPath(new URL('../node_modules/.cache/benchsite-compile', import.meta.url)));
  // What `benchsite harvest` does after reading (the same function): parse and write every run (default archive
  // level), run directories on worker threads. First, as in the CLI, where nothing was parsed before; its files
  // move to the workers, so the parsing below reads the files again.
  const archive = await timed(() =>
    harvestAndWrite(read.value, out, { consume: true }, (_, r) => {
      if ('error' in r) throw r.error;
    }),
  );
  const again = await loadRawInput(raw.dir);
  // Best of three: this kind of VM's speed varies by tens of percent from one second to the next.
  const best = async <T>(fn: () => Promise<T> | T) => {
    const runs = [await timed(fn), await timed(fn), await timed(fn)];
    return runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  };
  // Only the count is kept: the runs themselves would sit in memory through the next measurement.
  const parse = await best(() => harvestAny(again).runs.length);
  if (parse.value === 0) throw new Error('the benchmark harvested nothing');
  await rm(out, { recursive: true, force: true });

  // vmstat + iostat only: ours (keeping every row) against awk computing the same averages.
  const files = (await readdir(raw.dir, { recursive: true })).map(String);
  const vmFiles = files.filter((f) => /sb\.vm\./.test(f)).map((f) => join(raw.dir, f));
  const ioFiles = files.filter((f) => /sb\.io\./.test(f)).map((f) => join(raw.dir, f));
  let sysBytes = 0;
  for (const f of [...vmFiles, ...ioFiles]) sysBytes += (await stat(f)).size;
  // The files' bytes, as harvest parses them (collectors/lib/text-bytes.ts).
  const vmTexts = await Promise.all(vmFiles.map((f) => readFile(f)));
  const ioTexts = await Promise.all(ioFiles.map((f) => readFile(f)));
  const ours = await best(() => averageAll(vmTexts, ioTexts));
  const awk = await best(() => {
    // The files are in the page cache (just read); awk reads them itself.
    execFileSync('awk', [AWK_VMSTAT, ...vmFiles], { maxBuffer: 1 << 26 });
    execFileSync('awk', [AWK_IOSTAT, ...ioFiles], { maxBuffer: 1 << 26 });
  });
  const sysMb = sysBytes / 1e6;
  return [
    {
      name: 'harvest_input_mb',
      value: Math.round(mb),
      unit: 'MB',
      note: `${raw.runs} mytools run directories, ${raw.tests} tests of 7200 1-second samples`,
    },
    { name: 'harvest_read_mb_per_s', value: mb / read.seconds, unit: 'MB/s', note: 'reading the files into memory' },
    {
      name: 'harvest_parse_mb_per_s',
      value: mb / parse.seconds,
      unit: 'MB/s',
      note: `parsing alone, best of 3 (sysbench, vmstat, iostat; every series kept), ${(mb / parse.cpuSeconds).toFixed(0)} MB per CPU-second; sha256 of every file is taken while reading`,
      target: '>= 200',
    },
    {
      name: 'harvest_parse_archive_mb_per_s',
      value: mb / archive.seconds,
      unit: 'MB/s',
      note: `parsing and writing run.json, series.json and raw.tar.gz as benchsite harvest does (run directories on one worker thread per core; gzip level 1, the default above 64 MiB per run, in members of up to 4 MiB on the thread pool while each directory is parsed); ${(mb / archive.cpuSeconds).toFixed(0)} MB per CPU-second`,
      target: '>= 150',
    },
    {
      name: 'harvest_parse_archive_cpu_s_per_gb',
      value: (archive.cpuSeconds * 1000) / mb,
      unit: 's',
      note: 'CPU seconds (all threads) per GB of raw files: what two cores must share; the wall time on a shared machine stretches, this does not',
    },
    {
      name: 'vmstat_iostat_benchsite_mb_per_s',
      value: sysMb / ours.seconds,
      unit: 'MB/s',
      note: 'per-column averages of every vmstat column and every iostat column per device, keeping the rows',
    },
    {
      name: 'vmstat_iostat_awk_mb_per_s',
      value: sysMb / awk.seconds,
      unit: 'MB/s',
      note: 'awk computing the same averages on the same files',
    },
    { name: 'vmstat_iostat_speedup_vs_awk', value: awk.seconds / ours.seconds, unit: 'x', target: '>= 2' },
  ];
}
