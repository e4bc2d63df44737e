// Commands on a remote host over SSH (ssh2): host key checked against known_hosts, keepalive, timeouts,
// output streamed to local files as it arrives, files read and written through commands.
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { Client, type ClientChannel, type SFTPWrapper } from 'ssh2';
import type { Ssh } from '../../../src/schemas/index.ts';
import { OutputSink } from './capture.ts';
import { checkKnownHosts } from './known-hosts.ts';
import { quote, remoteCommand } from './shell-quote.ts';
import { TransportError, type ExecOptions, type ExecResult, type Running, type Transport } from './types.ts';

const PID_MARK = 'BENCHSITE_PID ';

const expandHome = (p: string) => (p.startsWith('~/') ? `${homedir()}${p.slice(1)}` : p);

export class SshTransport implements Transport {
  readonly where: string;
  private client = new Client();
  private lost?: string;
  private readonly running = new Set<() => void>();
  private readonly ssh: Ssh;

  private constructor(ssh: Ssh) {
    this.ssh = ssh;
    this.where = `ssh ${ssh.user}@${ssh.host}:${ssh.port}`;
  }

  /** Connect, checking the host key. Throws TransportError saying what to do when it cannot. */
  static async connect(ssh: Ssh): Promise<SshTransport> {
    const t = new SshTransport(ssh);
    await t.open();
    return t;
  }

  private async open(): Promise<void> {
    const { ssh } = this;
    const keyFile = expandHome(ssh.privateKey);
    const knownFile = expandHome(ssh.knownHosts);
    let privateKey: Buffer;
    let known: string;
    try {
      privateKey = await readFile(keyFile);
    } catch {
      throw new TransportError(
        `${this.where}: cannot read the private key ${ssh.privateKey}. Check ssh.privateKey in the spec.`,
      );
    }
    try {
      known = await readFile(knownFile, 'utf8');
    } catch {
      throw new TransportError(
        `${this.where}: cannot read ${ssh.knownHosts}. Create it with \`ssh-keyscan -p ${ssh.port} ${ssh.host} >> ${ssh.knownHosts}\` after checking the host's fingerprint, or set ssh.knownHosts.`,
      );
    }
    let refusal: string | undefined;
    const passphrase = ssh.passphrase ?? (ssh.passphraseEnv ? process.env[ssh.passphraseEnv] : undefined);
    await new Promise<void>((resolve, reject) => {
      const c = this.client;
      c.once('ready', () => resolve());
      c.once('error', (e: Error & { level?: string; code?: string }) => {
        if (refusal) reject(new TransportError(`${this.where}: refused: ${refusal}.`));
        else if (/Timed out while waiting for handshake/.test(e.message) || e.code === 'ETIMEDOUT')
          reject(
            new TransportError(
              `${this.where}: no SSH handshake within ${ssh.connectTimeoutSeconds} s (${e.message}). Check the address and port, that sshd runs there and that no firewall drops the connection; raise ssh.connectTimeoutSeconds for slow links.`,
            ),
          );
        else if (e.code === 'ECONNREFUSED')
          reject(new TransportError(`${this.where}: connection refused. Is sshd running on port ${ssh.port}?`));
        else if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
          reject(new TransportError(`${this.where}: unknown host ${ssh.host}. Check ssh.host.`));
        else if (e.level === 'client-authentication')
          reject(
            new TransportError(
              `${this.where}: authentication failed for user ${ssh.user} with key ${ssh.privateKey}. Check that its public key is in ~${ssh.user}/.ssh/authorized_keys on the host.`,
            ),
          );
        else reject(new TransportError(`${this.where}: ${e.message}`));
      });
      c.on('close', () => this.dropped('the connection closed'));
      c.on('error', (e: Error) => this.dropped(e.message));
      try {
        c.connect({
          host: ssh.host,
          port: ssh.port,
          username: ssh.user,
          privateKey,
          passphrase,
          readyTimeout: ssh.connectTimeoutSeconds * 1000,
          keepaliveInterval: ssh.keepaliveSeconds * 1000,
          keepaliveCountMax: 3,
          hostVerifier: (key: Buffer) => {
            const verdict = checkKnownHosts(known, ssh.knownHosts, ssh.host, ssh.port, key);
            if (!verdict.ok) refusal = verdict.message;
            return verdict.ok;
          },
        });
      } catch (e) {
        reject(
          new TransportError(`${this.where}: ${(e as Error).message}. Check ssh.privateKey (and its passphrase).`),
        );
      }
    });
  }

  /** The connection is gone: every running command ends as disconnected. */
  private dropped(reason: string): void {
    this.lost ??= reason;
    for (const end of [...this.running]) end();
  }

  exec(argv: string[], opts: ExecOptions = {}): Promise<ExecResult> {
    return this.start(argv, opts).done;
  }

  shell(script: string, opts: ExecOptions = {}): Promise<ExecResult> {
    return this.exec(['sh', '-c', script], opts);
  }

  start(argv: string[], opts: ExecOptions = {}): Running {
    const sink = new OutputSink(opts);
    let channel: ClientChannel | undefined;
    let pid: number | undefined;
    let pidKnown!: () => void;
    const pidSeen = new Promise<void>((resolve) => (pidKnown = resolve));
    let timedOut = false;
    let settle!: (r: Omit<ExecResult, 'stdout' | 'stderr' | 'timedOut'>) => void;
    const done = new Promise<ExecResult>((resolve) => {
      let settled = false;
      settle = (r) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.running.delete(onDrop);
        void sink.close().then(() => resolve({ ...r, timedOut, stdout: sink.stdout, stderr: sink.stderr }));
      };
    });
    const onDrop = () => settle({ code: null, signal: null, disconnected: true });
    // Signals are sent with kill(1) on a second channel: sshd does not always deliver SSH "signal" requests.
    const kill = async (sig: 'TERM' | 'KILL') => {
      if (pid !== undefined && !this.lost) await this.exec(['kill', `-${sig}`, String(pid)]);
    };
    const terminate = async () => {
      // Stopped before the shell said its pid (a busy host): wait for it, so the command still gets TERM first.
      await Promise.race([pidSeen, done, new Promise((r) => setTimeout(r, 3000).unref())]);
      await kill('TERM');
      const hard = setTimeout(() => void kill('KILL').then(() => channel?.close()), 3000);
      await done;
      clearTimeout(hard);
    };
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          void kill('KILL').then(() => channel?.close());
        }, opts.timeoutMs)
      : undefined;
    if (this.lost) onDrop();
    else {
      this.running.add(onDrop);
      // The shell prints its pid, reads the environment from standard input (remoteCommand: no secret on a
      // command line of the host), then becomes the command (exec), so that pid is the command's.
      let remote: ReturnType<typeof remoteCommand>;
      try {
        remote = remoteCommand(argv, opts.env, opts.input);
      } catch (e) {
        sink.err(`${(e as Error).message}\n`);
        settle({ code: 127, signal: null, disconnected: false });
        return { done, stop: () => done };
      }
      const command = `printf '${PID_MARK}%s\\n' "$$"; ${remote.line}`;
      this.client.exec(command, (err, ch) => {
        if (err) {
          sink.err(`${err.message}\n`);
          settle({ code: null, signal: null, disconnected: !!this.lost });
          return;
        }
        channel = ch;
        // As for a local command, standard input is the given text, or empty.
        ch.end(remote.stdin);
        let head = '';
        ch.on('data', (c: Buffer) => {
          if (pid !== undefined) return sink.out(c);
          head += c.toString('latin1');
          const nl = head.indexOf('\n');
          if (nl < 0) return;
          pid = Number(head.slice(PID_MARK.length, nl));
          pidKnown();
          const rest = Buffer.from(head.slice(nl + 1), 'latin1');
          if (rest.length) sink.out(rest);
        });
        ch.stderr.on('data', (c: Buffer) => sink.err(c));
        // 'exit' carries the status and comes before 'close'; a channel that closes without it was cut off.
        let status: { code: number | null; signal: string | null } | undefined;
        ch.on('exit', (code: number | null, signal?: string) => {
          status = { code: code ?? null, signal: signal ? signal.replace(/^(SIG)?/, 'SIG') : null };
        });
        ch.on('close', () => {
          if (status) settle({ ...status, disconnected: false });
          // The channel may close just before the client notices the connection is gone: give it a moment.
          else setTimeout(() => settle({ code: null, signal: null, disconnected: !!this.lost }), 300);
        });
      });
    }
    return {
      done,
      stop: async () => {
        await terminate();
        return done;
      },
    };
  }

  /** The SFTP session, opened once; undefined when the server offers no sftp subsystem. */
  private sftpSession?: Promise<SFTPWrapper | undefined>;

  private sftp(): Promise<SFTPWrapper | undefined> {
    this.sftpSession ??= new Promise((resolve) => this.client.sftp((err, s) => resolve(err ? undefined : s)));
    return this.sftpSession;
  }

  // Files go over SFTP. A server without the sftp subsystem (some minimal sshd configs) still works: the
  // bytes then go through base64 on the command channel.
  async readFile(path: string): Promise<Buffer> {
    const s = await this.sftp();
    if (s) {
      return new Promise<Buffer>((resolve, reject) =>
        s.readFile(path, (err: Error | null | undefined, data: Buffer) =>
          err ? reject(new Error(`${this.where}: cannot read ${quote(path)}: ${err.message}`)) : resolve(data),
        ),
      );
    }
    const r = await this.exec(['base64', '-w', '0', '--', path], { captureLimit: 2 ** 30 });
    if (r.disconnected) throw new TransportError(`${this.where}: lost the connection while reading ${quote(path)}`);
    if (r.code !== 0)
      throw new Error(`${this.where}: cannot read ${quote(path)}: ${r.stderr.trim() || `exit code ${r.code}`}`);
    return Buffer.from(r.stdout.trim(), 'base64');
  }

  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    const dir = path.slice(0, path.lastIndexOf('/')) || '/';
    const mk = await this.exec(['mkdir', '-p', '--', dir]);
    if (mk.disconnected) throw new TransportError(`${this.where}: lost the connection while writing ${quote(path)}`);
    if (mk.code !== 0)
      throw new Error(`${this.where}: cannot create ${quote(dir)}: ${mk.stderr.trim() || `exit code ${mk.code}`}`);
    const s = await this.sftp();
    if (s) {
      return new Promise<void>((resolve, reject) =>
        s.writeFile(path, Buffer.from(data), (err: Error | null | undefined) =>
          err ? reject(new Error(`${this.where}: cannot write ${quote(path)}: ${err.message}`)) : resolve(),
        ),
      );
    }
    const script = 'printf %s "$2" | base64 -d > "$1"';
    const r = await this.exec(['sh', '-c', script, 'sh', path, Buffer.from(data).toString('base64')]);
    if (r.disconnected) throw new TransportError(`${this.where}: lost the connection while writing ${quote(path)}`);
    if (r.code !== 0)
      throw new Error(`${this.where}: cannot write ${quote(path)}: ${r.stderr.trim() || `exit code ${r.code}`}`);
  }

  async close(): Promise<void> {
    (await this.sftpSession)?.end();
    this.client.end();
  }
}
