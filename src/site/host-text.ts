// A host's facts in words, as a run page states them on one line and a report's run facts list them. Pure.
import type { Host } from '../schemas/index.ts';
import { plural } from './format.ts';

/** Its storage: `Intel D7-P5520 NVMe, ext4, discard; md2, xfs` (model or device, filesystem, discard, RAID). */
export function storageText(h: Pick<Host, 'storage'>): string {
  return (h.storage ?? [])
    .map((s) =>
      [s.model ?? s.device, s.filesystem, s.discard ? 'discard' : undefined, s.raid].filter(Boolean).join(', '),
    )
    .join('; ');
}

/** Its CPU: `AMD Ryzen 7 7735HS, 2 sockets, 8 cores, SMT on`, each part when the run records it; '' for none. */
export function cpuText(h: Pick<Host, 'cpuModel' | 'sockets' | 'cores' | 'smt'>): string {
  return [
    h.cpuModel,
    h.sockets && plural(h.sockets, 'socket'),
    h.cores && `${h.cores} cores`,
    h.smt === false ? 'SMT off' : h.smt ? 'SMT on' : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Every fact of a host on one line, in the order a post gives them: `pn53: ASUS ExpertCenter PN53, AMD Ryzen 7
 * 7735HS, 8 cores, SMT on, 16 CPUs, 32 GiB RAM, storage (...), Ubuntu 24.04, kernel 6.8.0, server class c8r32`.
 * What the run does not record is left out. (Not `sources`: where the facts came from is not a fact of the host.)
 */
export function hostLine(h: Host): string {
  const storage = storageText(h);
  const parts = [
    h.description,
    cpuText(h),
    h.cpus && `${h.cpus} CPUs`,
    h.memoryGiB && `${h.memoryGiB} GiB RAM`,
    storage && `storage (${storage})`,
    h.os,
    h.kernel && `kernel ${h.kernel}`,
    h.serverClass && `server class ${h.serverClass}`,
    // (a description often says it already: `Firecracker VM, 2 vCPUs`)
    h.virtualization && !h.description?.toLowerCase().includes(h.virtualization.toLowerCase()) && h.virtualization,
  ].filter(Boolean);
  return `${h.name}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
