// A real OpenSSH sshd for the collector tests, on a free loopback port, with host and user keys made for
// the test. Fails (never skips) when sshd or ssh-keygen is missing.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface Sshd {
  port: number;
  dir: string;
  user: string;
  privateKey: string;
  knownHosts: string;
  /** A known_hosts file listing a different key for this host. */
  wrongKnownHosts: string;
  /** What sshd logged so far (LogLevel VERBOSE). */
  log(): string;
  /** Kill every client session (as if the network dropped); sshd itself keeps running. */
  dropSessions(): void;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function keygen(file: string): void {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file]);
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(port, '127.0.0.1');
      c.once('connect', () => (c.destroy(), resolve(true)));
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sshd did not listen on port ${port} within ${ms} ms`);
}

export async function startSshd(opts: { sftp?: boolean } = {}): Promise<Sshd> {
  const sshdBin = ['/usr/sbin/sshd', '/usr/local/sbin/sshd'].find((p) => existsSync(p));
  if (!sshdBin) throw new Error('sshd not found: install openssh-server (apt-get install -y openssh-server)');
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-sshd-'));
  keygen(join(dir, 'host_key'));
  keygen(join(dir, 'other_host_key'));
  keygen(join(dir, 'user_key'));
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'user_key.pub')));
  const port = await freePort();
  const user = userInfo().username;
  writeFileSync(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${dir}/host_key`,
      `PidFile ${dir}/sshd.pid`,
      `AuthorizedKeysFile ${dir}/authorized_keys`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'PermitRootLogin prohibit-password',
      `AllowUsers ${user}`,
      'LogLevel VERBOSE',
      ...(opts.sftp === false ? [] : ['Subsystem sftp internal-sftp']),
      '',
    ].join('\n'),
  );
  const entry = (pub: string) =>
    `[127.0.0.1]:${port} ${readFileSync(join(dir, pub), 'utf8').split(' ').slice(0, 2).join(' ')}\n`;
  writeFileSync(join(dir, 'known_hosts'), entry('host_key.pub'));
  writeFileSync(join(dir, 'wrong_known_hosts'), entry('other_host_key.pub'));
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { recursive: true });
  // sshd logs to a file, not a pipe: a test blocked in spawnSync would leave a pipe unread until it fills
  // and sshd stalls.
  const logFile = join(dir, 'sshd.log');
  const logFd = openSync(logFile, 'a');
  const child: ChildProcess = spawn(sshdBin, ['-D', '-e', '-f', join(dir, 'sshd_config')], {
    stdio: ['ignore', 'ignore', logFd],
  });
  closeSync(logFd);
  try {
    await waitForPort(port, 10_000);
  } catch (e) {
    child.kill();
    throw new Error(`${(e as Error).message}\n${readFileSync(logFile, 'utf8')}`, { cause: e });
  }
  return {
    port,
    dir,
    user,
    privateKey: join(dir, 'user_key'),
    knownHosts: join(dir, 'known_hosts'),
    wrongKnownHosts: join(dir, 'wrong_known_hosts'),
    log: () => readFileSync(logFile, 'utf8'),
    dropSessions: () => {
      try {
        execFileSync('pkill', ['-KILL', '-P', String(child.pid)]);
      } catch {
        // no sessions
      }
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
