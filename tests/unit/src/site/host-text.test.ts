// A host's facts in words: every fact --meta or the raw files gave is stated, what the run does not record is left out.
import { describe, expect, it } from 'vitest';
import { cpuText, hostLine, storageText } from '../../../../src/site/host-text.ts';

describe('host text', () => {
  it('states every fact of a host, in the order a post gives them', () => {
    expect(
      hostLine({
        name: 'pn53',
        description: 'ASUS ExpertCenter PN53',
        cpuModel: 'AMD Ryzen 7 7735HS',
        cores: 8,
        smt: false,
        cpus: 8,
        memoryGiB: 32,
        storage: [
          { model: 'Samsung 990 Pro', filesystem: 'ext4', discard: true },
          { device: 'md2', raid: 'SW RAID 1' },
        ],
        os: 'Ubuntu 24.04',
        kernel: '6.8.0-45-generic',
        virtualization: 'bare metal',
        serverClass: 'c8r32',
        sockets: 1,
      }),
    ).toBe(
      'pn53: ASUS ExpertCenter PN53, AMD Ryzen 7 7735HS, 1 socket, 8 cores, SMT off, 8 CPUs, 32 GiB RAM, storage (Samsung 990 Pro, ext4, discard; md2, SW RAID 1), Ubuntu 24.04, kernel 6.8.0-45-generic, server class c8r32, bare metal',
    );
  });

  it('leaves out what the run does not record', () => {
    expect(hostLine({ name: 'vm' })).toBe('vm');
    expect(hostLine({ name: 'vm', cpus: 2, kernel: '6.18.0' })).toBe('vm: 2 CPUs, kernel 6.18.0');
    expect(cpuText({ cores: 8 })).toBe('8 cores');
    expect(cpuText({})).toBe('');
    expect(hostLine({ name: 'vm', cores: 2, smt: false })).toBe('vm: 2 cores, SMT off');
    expect(cpuText({ cpuModel: 'Xeon', smt: true })).toBe('Xeon, SMT on');
    expect(storageText({})).toBe('');
    // Said once when the description says it.
    expect(hostLine({ name: 'vm', description: 'Firecracker VM, 2 vCPUs', virtualization: 'Firecracker VM' })).toBe(
      'vm: Firecracker VM, 2 vCPUs',
    );
  });
});
