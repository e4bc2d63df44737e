// One writer at a time in a runs folder. `benchsite harvest`, `import` and `run` place and write each run while
// holding `<out>/.benchsite-write/lock`, so commands running at once give their runs distinct repeat numbers
// and never write one folder together. The lock file names its holder (pid, host, the process's start, the
// command); a holder that died on this machine (its pid gone, or taken by a later process) leaves a stale lock
// that the next writer breaks. A writer that waits says so once, and gives up after BENCHSITE_LOCK_TIMEOUT
// seconds (default 600) naming the holder. Taking the lock first finishes what a killed writer left
// (run-install.ts), so every write starts from valid runs.
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { WRITE_AREA } from '../../src/runs/write-area.ts';
import { inputError } from './input-error.ts';

export const LOCK = 'lock';
/** Held for the few system calls of breaking a stale lock, so two writers never break one and take another's. */
const BREAKING = 'lock.break';
/** A lock file without its holder yet, or a break guard, older than this is left by a process that died. */
const ORPHAN_MS = 10_000;

interface Holder {
  pid: number;
  host: string;
  /** The process's start in clock ticks since boot (Linux), to tell a reused pid from the holder. */
  started?: string;
  since: string;
  command: string;
  token: string;
}

/** Start time of a process (Linux /proc), or undefined where it cannot be read. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the holder is gone: only knowable on its own host. */
function holderDied(h: Holder): boolean {
  if (h.host !== hostname()) return false;
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const started = processStart(h.pid);
  return h.started !== undefined && started !== undefined && started !== h.started;
}

function readHolder(file: string): Holder | 'none' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw e;
  }
  try {
    const h = JSON.parse(text) as Holder;
    if (typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.token === 'string') return h;
  } catch {
    // being written, or cut off by a crash
  }
  return 'unreadable';
}

const ageMs = (file: string) => {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

const WHY: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'a read-only file system',
  ENOENT: 'it cannot be created there',
  ENOTDIR: 'a file is in the way',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};

/** The error of a runs folder benchsite cannot write: one line naming it and why. */
function notWritableError(dir: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  return inputError(
    dir,
    undefined,
    `the folder to write runs to is not writable (${WHY[code] ?? code})`,
    'Give --out a folder you can write to, or make this one writable',
  );
}

/**
 * Make `dir` (and its parents) exist and hold the write area. Folder by folder rather than mkdir's
 * `recursive`: that reports a read-only file system as ENOENT, and loops on /proc.
 */
export function makeWriteArea(out: string): string {
  // Named as the user gave it when the runs folder itself is at fault.
  const notWritable = (dir: string, e: unknown) => notWritableError(dir === resolve(out) ? out : dir, e);
  const made = (dir: string, depth: number): void => {
    try {
      mkdirSync(dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        if (!statSync(dir).isDirectory()) throw notWritable(dir, { code: 'ENOTDIR' });
        return;
      }
      if (code === 'ENOENT' && depth < 64 && dirname(dir) !== dir) {
        made(dirname(dir), depth + 1);
        try {
          mkdirSync(dir);
          return;
        } catch (again) {
          if ((again as NodeJS.ErrnoException).code === 'EEXIST') return;
          throw notWritable(dir, again);
        }
      }
      throw notWritable(dir, e);
    }
  };
  made(resolve(out), 0);
  const area = join(resolve(out), WRITE_AREA);
  try {
    mkdirSync(area);
    // Never committed: the lock and runs being written are this machine's.
    writeFileSync(join(area, '.gitignore'), '*\n');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw notWritable(resolve(out), e);
  }
  return area;
}

/**
 * Remove the lock file when `stale` still holds of it, under a guard file: two writers that both found one
 * stale lock must not have the second remove the lock a third has taken since.
 */
function breakIf(area: string, stale: (now: ReturnType<typeof readHolder>) => boolean): void {
  const guard = join(area, BREAKING);
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // the area was removed: the lock with it
    if (code !== 'EEXIST') throw e;
    if (ageMs(guard) > ORPHAN_MS) rmSync(guard, { force: true }); // its breaker died
    return;
  }
  try {
    const file = join(area, LOCK);
    if (stale(readHolder(file))) rmSync(file, { force: true });
  } finally {
    closeSync(fd);
    rmSync(guard, { force: true });
  }
}

/**
 * Remove the write area when nothing is left in it but its .gitignore, so a runs folder holds runs only
 * between commands. Another writer may be making it again meanwhile: then the removal fails (or that writer
 * makes it again) and the .gitignore is put back.
 */
function removeIdleArea(area: string): void {
  try {
    if (readdirSync(area).some((n) => n !== '.gitignore')) return;
    rmSync(join(area, '.gitignore'), { force: true });
    rmdirSync(area);
  } catch {
    try {
      writeFileSync(join(area, '.gitignore'), '*\n', { flag: 'wx' });
    } catch {
      // there already, or the area is gone
    }
  }
}

function describeHolder(h: Holder): string {
  return `${h.command} (pid ${h.pid} on ${h.host}, since ${h.since})`;
}

export interface LockOptions {
  /** Give up after this long (default BENCHSITE_LOCK_TIMEOUT seconds, else 600 s). */
  timeoutMs?: number;
  /** Told once when the lock is held by another writer (default: a line on stderr). */
  onWait?: (line: string) => void;
}

/** How long a writer waits for the lock: BENCHSITE_LOCK_TIMEOUT seconds, else 600. */
function lockTimeoutMs(): number {
  const s = Number(process.env.BENCHSITE_LOCK_TIMEOUT);
  return (Number.isFinite(s) && s >= 0 ? s : 600) * 1000;
}

/** Take the lock of the runs folder `out` (waiting for another writer); returns its release. */
async function takeContentLock(out: string, opts: LockOptions = {}): Promise<() => void> {
  const area = makeWriteArea(out);
  const file = join(area, LOCK);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    started: processStart(process.pid),
    since: new Date().toISOString(),
    command: `benchsite ${process.argv.slice(2, 3).join(' ')}`.trim(),
    token: randomUUID(),
  };
  const timeout = opts.timeoutMs ?? lockTimeoutMs();
  const start = Date.now();
  let told = false;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    let fd: number | undefined;
    try {
      fd = openSync(file, 'wx');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        makeWriteArea(out); // the last holder removed the area as we came
        continue;
      }
      if (code !== 'EEXIST') throw notWritableError(out, e);
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      return () => {
        const h = readHolder(file);
        if (typeof h === 'object' && h.token === me.token) unlinkSync(file);
        removeIdleArea(area);
      };
    }
    const h = readHolder(file);
    if (h === 'none') continue;
    if (h === 'unreadable' && ageMs(file) > ORPHAN_MS) {
      breakIf(area, (now) => now === 'unreadable' && ageMs(file) > ORPHAN_MS);
      continue;
    }
    if (h !== 'unreadable' && holderDied(h)) {
      breakIf(area, (now) => typeof now === 'object' && now.token === h.token);
      continue;
    }
    const who = h === 'unreadable' ? 'another benchsite' : describeHolder(h);
    if (Date.now() - start >= timeout)
      throw inputError(
        file,
        undefined,
        `another writer holds this runs folder: ${who}; gave up after ${Math.round(timeout / 1000)} s`,
        'Wait for it to finish and run the command again. If that process is gone (on another host: look there), remove the lock file; BENCHSITE_LOCK_TIMEOUT=<seconds> waits longer',
      );
    if (!told && Date.now() - start >= 1000) {
      told = true;
      (opts.onWait ?? ((l: string) => console.error(l)))(`waiting for ${resolve(out)}: ${who} is writing runs there`);
    }
    await sleep(pause * (0.5 + Math.random()));
  }
}

/** Per runs folder, the end of the last write this process queued: its own writes take turns before the file lock. */
const queues = new Map<string, Promise<void>>();

/**
 * Run `fn` holding the lock of the runs folder `out`. Writes of one process (`benchsite run` of several hosts
 * at once) take turns here, then the lock file; `fn` must not write to `out` through this again.
 */
export async function withContentLock<T>(out: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const key = resolve(out);
  const before = queues.get(key) ?? Promise.resolve();
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const mine = before.then(() => finished);
  queues.set(key, mine);
  await before;
  try {
    const release = await takeContentLock(out, opts);
    try {
      return await fn();
    } finally {
      release();
    }
  } finally {
    done();
    if (queues.get(key) === mine) queues.delete(key);
  }
}
