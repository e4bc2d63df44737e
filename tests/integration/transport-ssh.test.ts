// The SSH transport against a real OpenSSH sshd: files over SFTP (and over the command channel when the
// server has no SFTP), arguments passed exactly, exit codes and signals returned, timeouts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SshTransport } from '../../collectors/lib/transport/ssh.ts';
import { startSshd, type Sshd } from '../helpers/sshd.ts';

const servers: Sshd[] = [];
const connect = (s: Sshd) =>
  SshTransport.connect({
    host: '127.0.0.1',
    port: s.port,
    user: s.user,
    privateKey: s.privateKey,
    knownHosts: s.knownHosts,
    connectTimeoutSeconds: 10,
    keepaliveSeconds: 10,
  });

beforeAll(async () => {
  servers.push(await startSshd(), await startSshd({ sftp: false }));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe.each([
  ['with SFTP', 0],
  ['without SFTP (base64 on the command channel)', 1],
])('SSH transport %s', (_, i) => {
  it('writes and reads binary files byte for byte, creating directories', async () => {
    const t = await connect(servers[i]!);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'ssh-files-'));
      const data = Buffer.from(Array.from({ length: 70_000 }, (_, k) => k % 256));
      await t.writeFile(join(dir, 'sub', 'dir', 'file.bin'), data);
      expect((await t.readFile(join(dir, 'sub', 'dir', 'file.bin'))).equals(data)).toBe(true);
      await expect(t.readFile(join(dir, 'missing'))).rejects.toThrow(/cannot read/);
      expect(servers[i]!.log().includes("Starting session: subsystem 'sftp'")).toBe(i === 0);
    } finally {
      await t.close();
    }
  });
});

describe('SSH transport commands', () => {
  it('passes arguments exactly, returns exit codes, signals and timeouts', async () => {
    const t = await connect(servers[0]!);
    try {
      const args = ["it's", '$HOME', 'a b', '`id`', ''];
      const r = await t.exec(['printf', '[%s]', ...args]);
      expect(r).toMatchObject({
        code: 0,
        signal: null,
        timedOut: false,
        disconnected: false,
        stdout: args.map((a) => `[${a}]`).join(''),
      });
      expect((await t.exec(['sh', '-c', 'exit 3'])).code).toBe(3);
      const slow = await t.exec(['sleep', '30'], { timeoutMs: 500 });
      expect(slow.timedOut).toBe(true);
      const running = t.start(['sleep', '30']);
      await new Promise((res) => setTimeout(res, 300));
      expect((await running.stop()).signal).toBe('SIGTERM');
      const env = await t.exec(['sh', '-c', 'printf %s "$SECRET"'], { env: { SECRET: "p'w $x" } });
      expect(env.stdout).toBe("p'w $x");
    } finally {
      await t.close();
    }
  });

  it('passes the environment through standard input: secrets on no command line of the host, nor in its sshd log', async () => {
    const t = await connect(servers[0]!);
    try {
      const secret = `pw-${Date.now()} with space;'"x`;
      // The program's own command line and its parent's (sshd's session), as ps shows them, then the value.
      const script = 'tr "\\0" " " </proc/$$/cmdline; tr "\\0" " " </proc/$PPID/cmdline; echo; printf %s "$SECRET"';
      const r = await t.exec(['sh', '-c', script], { env: { SECRET: secret } });
      const cut = r.stdout.lastIndexOf('\n');
      const [cmdlines, value] = [r.stdout.slice(0, cut), r.stdout.slice(cut + 1)];
      expect(value).toBe(secret);
      expect(cmdlines).toContain('sh -c');
      expect(cmdlines).not.toContain('pw-');
      expect(servers[0]!.log()).not.toContain('pw-');
      // Standard input: the given text, else empty (a program that reads it ends).
      expect((await t.exec(['cat'], { input: 'given\n' })).stdout).toBe('given\n');
      expect((await t.exec(['cat'], { env: { A: 'b' }, timeoutMs: 10_000 })).stdout).toBe('');
    } finally {
      await t.close();
    }
  });
});
