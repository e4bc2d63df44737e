// known_hosts checks of the SSH transport (collectors/lib/transport/known-hosts.ts) against real keys and entries
// made by ssh-keygen.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkKnownHosts, fingerprint, hostEntryName } from '../../collectors/lib/transport/known-hosts.ts';

// Real keys from ssh-keygen, and fingerprints as ssh-keygen -l prints them.
const dir = mkdtempSync(join(tmpdir(), 'kh-'));
const key = (name: string) => {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, name)]);
  const [type, b64] = readFileSync(join(dir, `${name}.pub`), 'utf8').split(' ');
  return {
    type: type!,
    b64: b64!,
    blob: Buffer.from(b64!, 'base64'),
    fp: execFileSync('ssh-keygen', ['-l', '-f', join(dir, `${name}.pub`)], { encoding: 'utf8' }).split(' ')[1],
  };
};
const a = key('a');
const b = key('b');

describe('known_hosts', () => {
  it('fingerprints like ssh-keygen -l', () => {
    expect(fingerprint(a.blob)).toBe(a.fp);
  });

  it('names hosts as OpenSSH does', () => {
    expect(hostEntryName('10.0.0.5', 22)).toBe('10.0.0.5');
    expect(hostEntryName('127.0.0.1', 2222)).toBe('[127.0.0.1]:2222');
  });

  it('accepts a listed key: plain, bracketed port, wildcard, and hashed (ssh-keygen -H) entries', () => {
    expect(checkKnownHosts(`10.0.0.5 ${a.type} ${a.b64}\n`, 'kh', '10.0.0.5', 22, a.blob).ok).toBe(true);
    expect(checkKnownHosts(`[127.0.0.1]:2222 ${a.type} ${a.b64}\n`, 'kh', '127.0.0.1', 2222, a.blob).ok).toBe(true);
    expect(checkKnownHosts(`db*.lab ${a.type} ${a.b64}\n`, 'kh', 'db1.lab', 22, a.blob).ok).toBe(true);
    const file = join(dir, 'hashed');
    execFileSync('sh', [
      '-c',
      `printf '%s\\n' '[127.0.0.1]:2222 ${a.type} ${a.b64}' > ${file} && ssh-keygen -q -H -f ${file}`,
    ]);
    const hashed = readFileSync(file, 'utf8');
    expect(hashed.startsWith('|1|')).toBe(true);
    expect(checkKnownHosts(hashed, 'kh', '127.0.0.1', 2222, a.blob).ok).toBe(true);
    expect(checkKnownHosts(hashed, 'kh', '127.0.0.1', 2223, a.blob).ok).toBe(false);
  });

  it('refuses a different key for a listed host, with the fix', () => {
    const v = checkKnownHosts(`[127.0.0.1]:2222 ${a.type} ${a.b64}\n`, '~/.ssh/known_hosts', '127.0.0.1', 2222, b.blob);
    expect(v.ok).toBe(false);
    expect(v.message).toContain(`does not match the one in ~/.ssh/known_hosts`);
    expect(v.message).toContain(`ssh-keygen -R '[127.0.0.1]:2222' -f ~/.ssh/known_hosts`);
    expect(v.message).toContain(b.fp);
  });

  it('refuses an unknown host (no trust on first use) and a revoked key', () => {
    const v = checkKnownHosts('', 'kh', 'db1', 22, a.blob);
    expect(v.message).toContain('db1 is not in kh');
    expect(v.message).toContain('ssh-keyscan db1 >> kh');
    expect(checkKnownHosts(`@revoked db1 ${a.type} ${a.b64}\n`, 'kh', 'db1', 22, a.blob).message).toContain('@revoked');
  });
});
