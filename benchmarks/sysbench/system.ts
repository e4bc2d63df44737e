// A sysbench test's vmstat/iostat metrics (sb.vm/sb.io, or only what sb.met printed), checked against sb.met.
import type { Meta, ResultRow } from '../../src/schemas/index.ts';
import { cpuCount } from '../../collectors/lib/assemble-run.ts';
import { parseIostat } from '../../collectors/lib/iostat.ts';
import { deviceNotInIostat, noIostatDevice, noteOnce } from '../../collectors/lib/messages.ts';
import { printfFixed } from '../../collectors/lib/numbers.ts';
import { chooseDevice, harnessLines, systemMetrics, systemResultRows } from '../../collectors/lib/system-metrics.ts';
import { parseVmstat } from '../../collectors/lib/vmstat.ts';
import { textBytes } from '../../collectors/lib/text-bytes.ts';
import { type SbMet } from './parse-met.ts';
import { scaled } from './scan-unit.ts';

/** Where the CPU count comes from when only run.sh's `N CPUs` line gave it (the CPUs of the client host). */
const SYSBENCH_CPUS = 'sysbench output (N CPUs, client host)';

interface SystemFor {
  /** sb.vm and sb.io: their text, or their files' bytes (read as text-bytes.ts says). */
  vmText?: string | Uint8Array;
  ioText?: string | Uint8Array;
  ops?: number;
  /** What sb.met's per-operation costs are multiplied by: 1000 when its o/s is rows/s and ops are Krows/s. */
  metPerOp?: number;
  opsMetric: string;
  opName: string;
  opUnit: string;
  met?: SbMet;
  cpus?: number;
  meta?: Meta;
  notes: string[];
}

export function systemFor(test: string, a: SystemFor) {
  // An empty text is no file (bytes of an empty text too: a file of only a byte order mark).
  const vmText = a.vmText === undefined ? undefined : textBytes(a.vmText);
  const ioText = a.ioText === undefined ? undefined : textBytes(a.ioText);
  if (!vmText?.length && !ioText?.length) return a.met?.io && a.met.vm ? systemFromSbMet(test, a.met, a) : undefined;
  const vm = vmText?.length ? { parsed: parseVmstat(vmText) } : undefined;
  const io = ioText?.length ? { parsed: parseIostat(ioText), text: ioText } : undefined;
  const metIo = a.met?.io;
  const dev = io
    ? chooseDevice(io, {
        given: a.meta?.device,
        expect: metIo
          ? (avg) =>
              avg.samples === metIo.samples &&
              printfFixed(avg.readsPerS, 1) === printfFixed(metIo.rps, 1) &&
              printfFixed(avg.writesPerS, 1) === printfFixed(metIo.wps, 1) &&
              printfFixed(avg.readKBPerS / 1024, 1) === printfFixed(metIo.rMBps, 1) &&
              printfFixed(avg.writeKBPerS / 1024, 1) === printfFixed(metIo.wMBps, 1)
          : undefined,
      })
    : {};
  if (io && dev.notInFiles && io.parsed.deviceNames.length > 0)
    noteOnce(a.notes, deviceNotInIostat(dev.notInFiles, io.parsed.deviceNames, dev));
  else if (io && !dev.device) a.notes.push(noIostatDevice(test));
  const { cpus, cpusSource } = cpuCount(io?.parsed.cpus, a.meta, { cpus: a.cpus, source: SYSBENCH_CPUS });
  const metrics = systemMetrics({
    vmstat: vm,
    iostat: io,
    device: dev.device,
    deviceSource: dev.source,
    opsPerS: a.ops,
    opsMetric: a.opsMetric,
    cpus,
    cpusSource,
    intervalSeconds: 1,
  });
  // Against sb.met as an.sh computed it: divided by its own o/s.
  checkAgainstSbMet(test, a.met?.io ? { ...metrics, opsPerS: a.met.io.ops } : metrics, a.met, a.notes);
  return {
    metrics,
    rows: systemResultRows(test, metrics, a.opName, a.opUnit),
    iostat: io?.parsed,
    vm: vm?.parsed,
    device: dev.device,
  };
}

/**
 * Archives that kept only `sb.o` and `sb.met` (most of mytools' bench/arc): the harness averages are what
 * sb.met printed. They are rounded as printed, and the clean averages cannot be computed.
 */
function systemFromSbMet(test: string, met: SbMet, a: SystemFor) {
  const per = (v: number) => (a.metPerOp && a.metPerOp !== 1 ? scaled(v, a.metPerOp) : v);
  const io = met.io!;
  const vm = met.vm!;
  const metrics: ReturnType<typeof systemMetrics> = {
    intervalSeconds: 1,
    opsPerS: a.ops ?? io.ops,
    opsMetric: a.opsMetric,
    deviceSource: 'not recorded in sb.met',
    harness: {
      vmstat: { samples: vm.samples, csPerS: vm.csps, cpuPct: vm.cpuPct },
      iostat: {
        device: 'unknown',
        samples: io.samples,
        readsPerS: io.rps,
        readKBPerS: io.rMBps * 1024,
        writesPerS: io.wps,
        writeKBPerS: io.wMBps * 1024,
      },
    },
    clean: {},
  };
  const rows: ResultRow[] = [
    { test, metric: 'cs_per_s', value: vm.csps, unit: 'switches/s' },
    { test, metric: 'cpu_pct', value: vm.cpuPct, unit: '%' },
    { test, metric: 'reads_per_s', value: io.rps, unit: 'reads/s' },
    { test, metric: 'writes_per_s', value: io.wps, unit: 'writes/s' },
    { test, metric: `cs_per_${a.opName}`, value: per(vm.csPerOp), unit: `switches/${a.opUnit}` },
    { test, metric: `cpu_per_${a.opName}`, value: per(vm.cpuPerOp), unit: `cpu%/(${a.opUnit}/s)` },
    { test, metric: `reads_per_${a.opName}`, value: per(io.rPerOp), unit: `reads/${a.opUnit}` },
    { test, metric: `rkb_per_${a.opName}`, value: per(io.rKBPerOp), unit: `KB/${a.opUnit}` },
    { test, metric: `wkb_per_${a.opName}`, value: per(io.wKBPerOp), unit: `KB/${a.opUnit}` },
  ];
  const { cpus, cpusSource } = cpuCount(undefined, a.meta, { cpus: a.cpus, source: SYSBENCH_CPUS });
  if (cpus) {
    metrics.cpus = cpus;
    metrics.cpusSource = cpusSource;
    rows.push({ test, metric: `cpu_us_per_${a.opName}`, value: per(vm.cpuPerOp) * cpus * 1e4, unit: `µs/${a.opUnit}` });
  }
  a.notes.push(`${test}: no sb.vm/sb.io files; system metrics are the values printed in sb.met`);
  return { metrics, rows, iostat: undefined, vm: undefined, device: undefined };
}

/** Our harness-compatible averages, printed as an.sh prints them, must equal the sb.met file; say so when not. */
function sbMetLines(m: ReturnType<typeof systemMetrics>, opsText: string): { io?: string; vm?: string } {
  return harnessLines(m, m.opsPerS ?? 0, opsText, false);
}

function checkAgainstSbMet(
  test: string,
  m: ReturnType<typeof systemMetrics>,
  met: SbMet | undefined,
  notes: string[],
): void {
  if (!met?.ioLine || !met.vmLine) return;
  const opsText = met.ioLine.split('\t')[8] ?? '';
  const ours = sbMetLines(m, opsText);
  if (ours.io !== undefined && ours.io !== met.ioLine)
    notes.push(`${test}: iostat averages differ from sb.met: ours "${ours.io}", file "${met.ioLine}"`);
  if (ours.vm !== undefined && ours.vm !== met.vmLine)
    notes.push(`${test}: vmstat averages differ from sb.met: ours "${ours.vm}", file "${met.vmLine}"`);
}
