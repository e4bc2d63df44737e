// ios.sh's data lines of o.res (docs/formats/insert-benchmark.md 1.5, lines 5/12 and 8/15), printed from our harness-compatible
// averages, so a harvest can show that it reproduces the file the harness wrote.
import type { SystemMetrics } from '../../src/schemas/index.ts';
import { printfFixed } from '../lib/numbers.ts';

/**
 * `nsamp r/s rMB/s w/s wMB/s r/op rKB/op w/op wKB/op rate` and `nsamp cs/s cpu/s cs/op cpu/op`, tab separated,
 * divided by the rate as np.sh passed it (`rateText`, e.g. `100.0` or `11146.2`).
 */
export function oResLines(m: SystemMetrics, rateText: string): { io?: string; vm?: string } {
  const io = m.harness.iostat;
  const vm = m.harness.vmstat;
  const q = Number(rateText);
  return {
    io: io
      ? [
          io.samples,
          printfFixed(io.readsPerS, 1),
          printfFixed(io.readKBPerS / 1024, 1),
          printfFixed(io.writesPerS, 1),
          printfFixed(io.writeKBPerS / 1024, 1),
          printfFixed(io.readsPerS / q, 3),
          printfFixed(io.readKBPerS / q, 3),
          printfFixed(io.writesPerS / q, 3),
          printfFixed(io.writeKBPerS / q, 3),
          rateText,
        ].join('\t')
      : undefined,
    vm: vm
      ? [
          vm.samples,
          printfFixed(vm.csPerS, 0),
          printfFixed(vm.cpuPct, 1),
          printfFixed(vm.csPerS / q, 3),
          printfFixed(vm.cpuPct / q, 6),
        ].join('\t')
      : undefined,
  };
}
