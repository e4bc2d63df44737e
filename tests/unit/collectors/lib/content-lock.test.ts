import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { LOCK, makeWriteArea, withContentLock } from '../../../../collectors/lib/content-lock.ts';
import { WRITE_AREA } from '../../../../src/runs/write-area.ts';
import { freshRunsDir, plantLock } from '../../../helpers/planted-lock.ts';

describe('withContentLock', () => {
  it('runs the work holding the lock, and leaves the runs folder as it was', async () => {
    const out = freshRunsDir();
    const seen = await withContentLock(out, async () => {
      const holder = JSON.parse(readFileSync(join(out, WRITE_AREA, LOCK), 'utf8'));
      return { pid: holder.pid, host: holder.host, ignored: readFileSync(join(out, WRITE_AREA, '.gitignore'), 'utf8') };
    });
    expect(seen).toEqual({ pid: process.pid, host: hostname(), ignored: '*\n' });
    expect(readdirSync(out)).toEqual([]);
  });

  it("takes turns with this process's own writes", async () => {
    const out = freshRunsDir();
    const log: string[] = [];
    const work = (name: string) =>
      withContentLock(out, async () => {
        log.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 20));
        log.push(`${name} out`);
      });
    await Promise.all([work('a'), work('b'), work('c')]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('takes the lock as soon as the holder releases it', async () => {
    const out = freshRunsDir();
    let release!: () => void;
    const holding = withContentLock(out, () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 10));
    const order: string[] = [];
    const waiting = withContentLock(out, async () => order.push('second'));
    await new Promise((r) => setTimeout(r, 100));
    order.push('first done');
    release();
    await Promise.all([holding, waiting]);
    expect(order).toEqual(['first done', 'second']);
  });

  it('never breaks the lock of another host: waits, then names it', async () => {
    const out = freshRunsDir();
    // Whether its pid lives here says nothing about a holder on another host.
    plantLock(out, { pid: process.pid, host: 'elsewhere.example' });
    const err = await withContentLock(out, async () => 'ran', { timeoutMs: 300, onWait: () => {} }).catch(
      (e: Error) => e.message,
    );
    expect(err).toContain(`on elsewhere.example, since`);
  });

  it('a lock file without its holder is waited for, and broken once it is old', async () => {
    const out = freshRunsDir();
    const area = makeWriteArea(out);
    writeFileSync(join(area, LOCK), '');
    const err = await withContentLock(out, async () => 'ran', { timeoutMs: 300, onWait: () => {} }).catch(
      (e: Error) => e.message,
    );
    expect(err).toContain('another writer holds this runs folder: another benchsite');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(area, LOCK), old, old);
    expect(await withContentLock(out, async () => 'ran', { timeoutMs: 2000 })).toBe('ran');
  });

  it('a folder that cannot be written is named, with why', async () => {
    const dir = freshRunsDir();
    writeFileSync(join(dir, 'file'), 'x');
    const err = await withContentLock(join(dir, 'file', 'runs'), async () => 'ran').catch((e: Error) => e.message);
    expect(err).toBe(
      `${join(dir, 'file', 'runs')}: the folder to write runs to is not writable (a file is in the way). Give --out a folder you can write to, or make this one writable.`,
    );
    // Parents are made as needed.
    mkdirSync(join(dir, 'a'));
    expect(await withContentLock(join(dir, 'a', 'b', 'c'), async () => 'ran')).toBe('ran');
    expect(existsSync(join(dir, 'a', 'b', 'c'))).toBe(true);
  });
});
