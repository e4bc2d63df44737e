// ios.sh's data lines of o.res (docs/formats/insert-benchmark.md 1.5, lines 5/12 and 8/15), printed from our harness-compatible
// averages, so a harvest can show that it reproduces the file the harness wrote.
import type { SystemMetrics } from '../../src/schemas/index.ts';
import { harnessLines } from '../../collectors/lib/system-metrics.ts';

/**
 * `nsamp r/s rMB/s w/s wMB/s r/op rKB/op w/op wKB/op rate` and `nsamp cs/s cpu/s cs/op cpu/op`, tab separated,
 * divided by the rate as np.sh passed it (`rateText`, e.g. `100.0` or `11146.2`).
 */
export function oResLines(m: SystemMetrics, rateText: string): { io?: string; vm?: string } {
  return harnessLines(m, Number(rateText), rateText, true);
}
