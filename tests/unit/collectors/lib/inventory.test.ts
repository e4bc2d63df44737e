import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { hostFacts } from '../../../../collectors/lib/inventory.ts';
import { FIXTURES, fixtureText } from '../../../helpers/fixtures.ts';

// Real inventory outputs of the test machine (tests/fixtures/inventory/COMMANDS.md).
const files = Object.fromEntries(
  readdirSync(`${FIXTURES}inventory`)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => [f, fixtureText(`inventory/${f}`)]),
);

describe('hostFacts', () => {
  it('reads CPU, memory, OS, kernel and the storage of the data directory', () => {
    const facts = hostFacts(files, '/var/lib/postgresql/15/main');
    const memKb = Number(/MemTotal:\s+(\d+) kB/.exec(files['meminfo.txt']!)![1]);
    expect(facts).toMatchObject({
      cpuModel: /Model name:\s+(.*)/.exec(files['lscpu.txt']!)![1],
      cpus: Number(files['nproc.txt']!.trim()),
      cores: 2,
      sockets: 1,
      smt: false,
      memoryGiB: Math.round((memKb / 1024 / 1024) * 10) / 10,
      os: 'Debian GNU/Linux 12 (bookworm)',
      kernel: files['uname.txt']!.split(' ')[2],
      virtualization: 'KVM VM',
    });
    expect(facts.storage).toEqual([
      { device: 'vda', model: undefined, sizeGB: 271, filesystem: 'ext4', mountpoint: '/', discard: true },
    ]);
  });

  it('leaves out what the files do not say', () => {
    expect(hostFacts({}, undefined)).toMatchObject({
      cpuModel: undefined,
      cores: undefined,
      storage: undefined,
      memoryGiB: undefined,
    });
  });
});
