// The lock of a runs folder against holders that are other processes of this host: a live one is waited for and
// never broken, a dead one's lock is broken (the rest of withContentLock: tests/unit/collectors/lib/content-lock.test.ts).
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { withContentLock } from '../../collectors/lib/content-lock.ts';
import { freshRunsDir, plantLock } from '../helpers/planted-lock.ts';

/** The pid of a process that has ended. */
const deadPid = () => spawnSync('true').pid!;

describe('withContentLock and other processes', () => {
  it('waits for a live holder, says so once, and gives up naming it', async () => {
    const out = freshRunsDir();
    const sleeper = spawn('sleep', ['30']);
    try {
      const file = plantLock(out, { pid: sleeper.pid, host: hostname() });
      const told: string[] = [];
      const started = Date.now();
      const err = await withContentLock(out, async () => 'ran', { timeoutMs: 1500, onWait: (l) => told.push(l) }).catch(
        (e: Error) => e.message,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(err).toBe(
        `${file}: another writer holds this runs folder: benchsite harvest (pid ${sleeper.pid} on ${hostname()}, since 2026-01-01T00:00:00.000Z); gave up after 2 s. Wait for it to finish and run the command again. If that process is gone (on another host: look there), remove the lock file; BENCHSITE_LOCK_TIMEOUT=<seconds> waits longer.`,
      );
      expect(told).toEqual([
        `waiting for ${out}: benchsite harvest (pid ${sleeper.pid} on ${hostname()}, since 2026-01-01T00:00:00.000Z) is writing runs there`,
      ]);
      expect(existsSync(file)).toBe(true); // a live holder's lock is never broken
    } finally {
      sleeper.kill();
    }
  });

  it('breaks the lock of a holder that died on this host, or whose pid a later process took', async () => {
    for (const holder of [
      { pid: deadPid(), host: hostname() },
      { pid: process.pid, host: hostname(), started: 'another start', token: 'someone else' },
    ]) {
      const out = freshRunsDir();
      plantLock(out, holder);
      expect(await withContentLock(out, async () => 'ran', { timeoutMs: 2000 })).toBe('ran');
      expect(readdirSync(out)).toEqual([]);
    }
  });
});
