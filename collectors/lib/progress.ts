// Progress of `benchsite run`: on a terminal one live status line per host (current DBMS and test, i/N,
// elapsed, ETA, live QPS); otherwise plain timestamped log lines, one per event.

export interface Status {
  dbms: string;
  step: string;
  index: number;
  total: number;
  /** When the whole host run started (ms since epoch). */
  startedAt: number;
  /** Seconds of planned work left, for the ETA. */
  remainingSeconds?: number;
  /** Live rate of the running test and its unit (qps for sysbench, tpm for HammerDB, ...). */
  rate?: number;
  rateUnit?: string;
}

const clock = (s: number) => {
  const t = Math.max(0, Math.round(s));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
};

export function statusText(host: string, s: Status, now = Date.now()): string {
  const parts = [`${host}`, s.dbms, `[${s.index}/${s.total}]`, s.step, `${clock((now - s.startedAt) / 1000)} elapsed`];
  if (s.remainingSeconds !== undefined) parts.push(`ETA ${clock(s.remainingSeconds)}`);
  if (s.rate !== undefined) parts.push(`${Math.round(s.rate)} ${s.rateUnit ?? 'qps'}`);
  return parts.join('  ');
}

export class Progress {
  private readonly out: NodeJS.WriteStream;
  private readonly tty: boolean;
  private readonly lines = new Map<string, string>();
  private drawn = 0;
  private timer?: NodeJS.Timeout;
  private readonly statuses = new Map<string, Status>();

  constructor(out: NodeJS.WriteStream = process.stderr, tty = Boolean(out.isTTY) && process.env.TERM !== 'dumb') {
    this.out = out;
    this.tty = tty;
    // Redraw every second so elapsed time moves even when nothing happens.
    if (this.tty) this.timer = setInterval(() => this.redraw(), 1000).unref();
  }

  /** Update a host's status line (terminal only; logs carry the events). */
  status(host: string, s: Status): void {
    this.statuses.set(host, s);
    if (this.tty) this.redraw();
  }

  /** A line that stays: printed above the status lines on a terminal, as a log line otherwise. */
  log(host: string, text: string): void {
    const line = `${new Date().toISOString().slice(11, 19)} ${host}: ${text}`;
    if (!this.tty) {
      this.out.write(`${line}\n`);
      return;
    }
    this.clear();
    this.out.write(`${line}\n`);
    this.redraw();
  }

  /** The host is finished: drop its status line. */
  finish(host: string): void {
    this.statuses.delete(host);
    if (this.tty) this.redraw();
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.tty) this.clear();
  }

  private clear(): void {
    if (this.drawn) this.out.write(`\x1b[${this.drawn}A\x1b[0J`);
    this.drawn = 0;
  }

  private redraw(): void {
    this.clear();
    const width = this.out.columns ?? 120;
    for (const [host, s] of this.statuses) {
      const text = statusText(host, s).slice(0, width - 1);
      this.lines.set(host, text);
      this.out.write(`${text}\n`);
      this.drawn++;
    }
  }
}
