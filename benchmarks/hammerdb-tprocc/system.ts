// vmstat/iostat of one measured point (mytools `o.<sfx>.run.vm` / `.run.io`, started after rampup, so they
// cover the measured phase) -> system metrics and the columns of the posts' tables. Pure.
import type { Meta, ResultRow, Series, SystemMetrics } from '../../src/schemas/index.ts';
import { cpuCount } from '../../collectors/lib/assemble-run.ts';
import { parseIostat } from '../../collectors/lib/iostat.ts';
import { deviceNotInIostat, noIostatDevice, noteOnce } from '../../collectors/lib/messages.ts';
import {
  chooseDevice,
  iostatSeries,
  systemMetrics,
  systemResultRows,
  vmstatSeries,
} from '../../collectors/lib/system-metrics.ts';
import { parseVmstat } from '../../collectors/lib/vmstat.ts';
import { HAMMERDB_METRICS, type HammerdbMetric } from './vocabulary.ts';

export interface PointSystem {
  metrics: SystemMetrics;
  rows: ResultRow[];
  series: Series[];
  /** From iostat's header: date (YYYY-MM-DD), host name, kernel, CPUs. */
  iostatHeader?: { date?: string; hostname?: string; kernel?: string; cpus?: number };
}

/**
 * The tables of the posts (2026-02-15 post: iostat r/s, wMB/s; vmstat cs, us, sy, id, wa, us+sy; 2026-03-16 post: r, cpuPer)
 * from the clean averages (real samples only), named as the published CSVs name their columns; plus the
 * harness-compatible rows of `systemResultRows`, per new order (NOPM / 60 new orders per second).
 */
export function pointSystem(
  test: string,
  a: { vmText?: string; ioText?: string; nopm?: number; meta?: Meta; notes: string[] },
): PointSystem | undefined {
  if (!a.vmText && !a.ioText) return undefined;
  const vm = a.vmText ? parseVmstat(a.vmText) : undefined;
  const io = a.ioText ? { parsed: parseIostat(a.ioText), text: a.ioText } : undefined;
  const dev = io ? chooseDevice(io, { given: a.meta?.device }) : {};
  if (io && dev.notInFiles && io.parsed.deviceNames.length > 0)
    noteOnce(a.notes, deviceNotInIostat(dev.notInFiles, io.parsed.deviceNames, dev));
  else if (io && !dev.device) a.notes.push(noIostatDevice(test));
  const { cpus, cpusSource } = cpuCount(io?.parsed.cpus, a.meta);
  const metrics = systemMetrics({
    vmstat: vm ? { parsed: vm } : undefined,
    iostat: io,
    device: dev.device,
    deviceSource: dev.source,
    opsPerS: a.nopm !== undefined ? a.nopm / 60 : undefined,
    opsMetric: 'nopm / 60 (new orders per second)',
    cpus,
    cpusSource,
    intervalSeconds: 1,
  });
  const rows = systemResultRows(test, metrics, 'new_order', 'new order');
  const add = (metric: HammerdbMetric, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value))
      rows.push({ test, metric, value, unit: HAMMERDB_METRICS[metric] });
  };
  const v = metrics.clean.vmstat;
  const s = metrics.clean.iostat;
  add('iostat_r_per_s', s?.readsPerS);
  add('iostat_wmb_per_s', s ? s.writeKBPerS / 1024 : undefined);
  add('vmstat_r', v?.runQueue);
  add('vmstat_cs', v?.csPerS);
  add('vmstat_us', v?.usPct);
  add('vmstat_sy', v?.syPct);
  add('vmstat_id', v?.idPct);
  add('vmstat_wa', v?.waPct);
  add('vmstat_us_plus_sy', v?.cpuPct);
  if (v && a.nopm) add('cpu_per_nopm', (v.cpuPct / a.nopm) * 1000);
  const series = [
    vm ? vmstatSeries(vm, 1) : undefined,
    io && dev.device ? iostatSeries(io.parsed, dev.device, 1) : undefined,
  ].filter((x): x is Series => !!x);
  const h = io?.parsed;
  return {
    metrics,
    rows,
    series,
    iostatHeader: h ? { date: h.date, hostname: h.hostname, kernel: h.kernel, cpus: h.cpus } : undefined,
  };
}
