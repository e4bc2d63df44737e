// Host inventory: the commands that capture it once per run, and pure parsers from their output to host facts.
import type { Host, Storage } from '../../src/schemas/index.ts';

/** What to capture, as `inventory/<file>`: argv run on the benchmark host. Missing tools just leave an error in the file. */
export const INVENTORY_COMMANDS: Array<{ file: string; argv: string[] }> = [
  { file: 'lscpu.txt', argv: ['lscpu'] },
  { file: 'meminfo.txt', argv: ['cat', '/proc/meminfo'] },
  { file: 'uname.txt', argv: ['uname', '-a'] },
  { file: 'os-release.txt', argv: ['cat', '/etc/os-release'] },
  { file: 'nproc.txt', argv: ['nproc'] },
  { file: 'lsblk.txt', argv: ['lsblk', '-P', '-o', 'NAME,MODEL,SIZE,ROTA,TYPE,FSTYPE,MOUNTPOINT'] },
  { file: 'df.txt', argv: ['df', '-T', '-P'] },
  { file: 'mounts.txt', argv: ['cat', '/proc/mounts'] },
  // The monitors every run has; a benchmark's own program prints its version in its output.
  { file: 'tool-versions.txt', argv: ['sh', '-c', 'vmstat -V 2>&1 | head -1; iostat -V 2>&1 | head -1'] },
];

export interface InventoryFiles {
  [file: string]: string | undefined;
}

function kv(text: string | undefined, sep: RegExp): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of (text ?? '').split('\n')) {
    const m = sep.exec(line);
    if (m) out.set(m[1]!.trim(), m[2]!.trim());
  }
  return out;
}

/** Storage of the filesystem holding `dataDir` (df), with its mount options (discard) and device model (lsblk). */
function storageOf(files: InventoryFiles, dataDir: string | undefined): Storage | undefined {
  if (!dataDir) return undefined;
  const rows = (files['df.txt'] ?? '')
    .split('\n')
    .slice(1)
    .map((l) => l.split(/\s+/))
    .filter((f) => f.length >= 7);
  // Longest mount point that contains the data directory.
  const row = rows
    .filter((f) => dataDir === f[6] || dataDir.startsWith(f[6] === '/' ? '/' : `${f[6]}/`))
    .sort((a, b) => b[6]!.length - a[6]!.length)[0];
  if (!row) return undefined;
  const [device, filesystem, blocks, , , , mountpoint] = row;
  const mount = (files['mounts.txt'] ?? '')
    .split('\n')
    .map((l) => l.split(' '))
    .find((f) => f[1] === mountpoint);
  const name = device!.replace(/^\/dev\//, '');
  const lsblk = (files['lsblk.txt'] ?? '')
    .split('\n')
    .map((l) => Object.fromEntries([...l.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]])));
  const disk = lsblk.find((d) => d.NAME === name);
  return {
    device: name,
    model: disk?.MODEL || undefined,
    sizeGB: blocks ? Math.round((Number(blocks) * 1024) / 1e9) : undefined,
    filesystem,
    mountpoint,
    discard: mount ? mount[3]!.split(',').includes('discard') : undefined,
  };
}

/** Host facts from the inventory files. Anything a file does not say stays undefined. */
export function hostFacts(files: InventoryFiles, dataDir?: string): Omit<Partial<Host>, 'name'> {
  const cpu = kv(files['lscpu.txt'], /^([^:]+):\s*(.*)$/);
  const mem = kv(files['meminfo.txt'], /^([^:]+):\s*(.*)$/);
  const os = kv(files['os-release.txt'], /^([A-Z_]+)=(.*)$/);
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const sockets = num(cpu.get('Socket(s)'));
  const perSocket = num(cpu.get('Core(s) per socket'));
  const threads = num(cpu.get('Thread(s) per core'));
  const memKb = /^(\d+) kB$/.exec(mem.get('MemTotal') ?? '')?.[1];
  const uname = (files['uname.txt'] ?? '').trim().split(/\s+/);
  const storage = storageOf(files, dataDir);
  return {
    cpuModel: cpu.get('Model name'),
    cpus: num(cpu.get('CPU(s)')) ?? num(files['nproc.txt']?.trim()),
    cores: sockets && perSocket ? sockets * perSocket : undefined,
    sockets,
    smt: threads ? threads > 1 : undefined,
    memoryGiB: memKb ? Math.round((Number(memKb) / 1024 / 1024) * 10) / 10 : undefined,
    os: os.get('PRETTY_NAME')?.replace(/^"|"$/g, ''),
    kernel: uname[0] === 'Linux' ? uname[2] : undefined,
    virtualization: cpu.get('Hypervisor vendor') ? `${cpu.get('Hypervisor vendor')} VM` : undefined,
    storage: storage ? [storage] : undefined,
    sources: ['benchsite inventory (lscpu, /proc/meminfo, /etc/os-release, uname, df, lsblk)'],
  };
}
