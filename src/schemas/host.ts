import { z } from 'zod';
import { Text } from './common.ts';

/** One storage device or filesystem the benchmark used. */
export const StorageSchema = z.strictObject({
  /** Block device name as iostat prints it, e.g. `nvme0n1`, `md2`, `vda`. */
  device: Text.optional(),
  /** Device model or description, e.g. `Intel D7-P5520 NVMe`. */
  model: Text.optional(),
  /** Size in GB as reported. */
  sizeGB: z.number().positive().optional(),
  /** Filesystem type, e.g. `ext4`, `xfs`. */
  filesystem: Text.optional(),
  /** Mount point of the database directory. */
  mountpoint: Text.optional(),
  /** Whether the filesystem is mounted with `discard`. */
  discard: z.boolean().optional(),
  /** RAID layout, e.g. `SW RAID 1`. */
  raid: Text.optional(),
  /** Rough fsync latency class: the posts contrast fast (PLP) and slow (consumer) SSDs. */
  fsyncLatency: z.enum(['low', 'high']).optional(),
});

/** The server the benchmark ran on. Only facts found in raw files or given in `--meta`. */
export const HostSchema = z.strictObject({
  /** Short host name used in run ids and URLs, e.g. `pn53`, `ax162s`. */
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected letters, digits, dot, dash or underscore'),
  /** One line for people, e.g. `Hetzner ax162s`. */
  description: Text.optional(),
  /** CPU model string as lscpu or the vendor prints it. */
  cpuModel: Text.optional(),
  /** Number of CPUs the OS sees (iostat `(N CPU)`, sysbench `N CPUs`, or nproc). */
  cpus: z.number().int().positive().optional(),
  /** Physical cores. */
  cores: z.number().int().positive().optional(),
  /** Sockets. */
  sockets: z.number().int().positive().optional(),
  /** Whether SMT (hyper-threading) is enabled. */
  smt: z.boolean().optional(),
  /** RAM in GiB. */
  memoryGiB: z.number().positive().optional(),
  /** Storage used by the database. */
  storage: z.array(StorageSchema).optional(),
  /** Operating system, e.g. `Ubuntu 24.04`. */
  os: Text.optional(),
  /** Kernel release, e.g. `6.8.0-45-generic`. */
  kernel: Text.optional(),
  /** Server class as the config names encode it: `c<cores>r<RAM GB>`, e.g. `c8r32`. */
  serverClass: z
    .string()
    .regex(/^c\d+r\d+$/, 'expected c<cores>r<ram>, e.g. c8r32')
    .optional(),
  /** Virtualisation, e.g. `Firecracker VM`, `bare metal`. */
  virtualization: Text.optional(),
  /** Where these facts came from, e.g. `iostat header`, `--meta hosts/pn53.yaml`, `lscpu`. */
  sources: z.array(Text).optional(),
});

export type Host = z.infer<typeof HostSchema>;
export type Storage = z.infer<typeof StorageSchema>;
