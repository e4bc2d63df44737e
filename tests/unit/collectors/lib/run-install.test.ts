import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeWriteArea } from '../../../../collectors/lib/content-lock.ts';
import {
  finishInterrupted,
  finishInterruptedWrites,
  INTENT,
  installRun,
  stageRun,
} from '../../../../collectors/lib/run-install.ts';

const ID = 'sysbench/vm/20260102-x';
const STAGED = 'staged-0123456789abcdef';
const TRASH = 'trash-0123456789abcdef';

/** A runs folder with `which` of: the run at ID, a staged new run, the old run in the trash, an intent. */
function state(which: { target?: string; staged?: boolean; trash?: boolean; intent?: object | string }) {
  const out = mkdtempSync(join(tmpdir(), 'install-'));
  const area = makeWriteArea(out);
  const folder = (dir: string, text: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'run.json'), text);
  };
  if (which.target) folder(join(out, ID), which.target);
  if (which.staged) folder(join(area, STAGED), 'new');
  if (which.trash) folder(join(area, TRASH), 'old');
  if (which.intent !== undefined)
    writeFileSync(
      join(area, INTENT),
      typeof which.intent === 'string' ? which.intent : JSON.stringify({ at: '', pid: 1, ...which.intent }),
    );
  return { out, area };
}
const runAt = (out: string) => readFileSync(join(out, ID, 'run.json'), 'utf8');
const intent = { id: ID, staged: STAGED, trash: TRASH };

describe('installRun', () => {
  it('moves a staged run in place, and over a folder through an intent that is gone when done', () => {
    const { out, area } = state({});
    installRun(out, ID, stageRun(out, [['run.json', Buffer.from('first')]]));
    expect(runAt(out)).toBe('first');
    installRun(out, ID, stageRun(out, [['run.json', Buffer.from('second')]]));
    expect(runAt(out)).toBe('second');
    expect(readdirSync(area)).toEqual(['.gitignore']);
  });
});

describe('finishInterrupted', () => {
  it('completes a replacement from wherever it stopped', () => {
    const cases = [
      { target: 'old', staged: true, intent }, // stopped before the old run was moved aside
      { staged: true, trash: true, intent }, // between the two renames
      { target: 'new', trash: true, intent }, // before the trash was emptied
      { target: 'new', intent }, // before the intent was removed
    ];
    for (const c of cases) {
      const { out, area } = state(c);
      expect(finishInterrupted(out), JSON.stringify(c)).toEqual([
        `${join(out, ID)}: put in place the run a stopped benchsite (pid 1) was writing over it`,
      ]);
      expect(runAt(out)).toBe('new');
      expect(readdirSync(area)).toEqual(['.gitignore']);
    }
  });

  it('without an intent, the old run stays and what the writer left is removed', () => {
    const { out, area } = state({ target: 'old', staged: true, trash: true });
    writeFileSync(join(area, `${INTENT}.tmp`), '{');
    expect(finishInterrupted(out)).toEqual([]);
    expect(runAt(out)).toBe('old');
    expect(readdirSync(area)).toEqual(['.gitignore']);
  });

  it('puts the old run back when the new one is gone (removed by hand)', () => {
    const { out } = state({ trash: true, intent });
    finishInterrupted(out);
    expect(runAt(out)).toBe('old');
  });

  it('refuses an intent it did not write (content from anywhere), moving nothing', () => {
    for (const bad of [
      { ...intent, id: '../../etc/x/20260102-x' },
      { ...intent, id: 'sysbench/.hidden/20260102-x' },
      { ...intent, staged: '../../somewhere' },
      { ...intent, trash: STAGED },
      'not json',
    ]) {
      const { out, area } = state({ target: 'old', staged: true, intent: bad });
      expect(() => finishInterrupted(out), JSON.stringify(bad)).toThrow(
        `${join(area, INTENT)}: is not an intent benchsite wrote. Remove it`,
      );
      expect(runAt(out)).toBe('old');
      expect(existsSync(join(area, STAGED))).toBe(true);
    }
  });

  it('for a command that only reads: nothing to do takes no lock and writes nothing', async () => {
    const out = mkdtempSync(join(tmpdir(), 'install-'));
    expect(await finishInterruptedWrites(out)).toEqual([]);
    expect(readdirSync(out)).toEqual([]);
    const { out: left } = state({ staged: true, trash: true, intent });
    expect(await finishInterruptedWrites(left)).toHaveLength(1);
    expect(runAt(left)).toBe('new');
    expect(readdirSync(left)).toEqual(['sysbench']); // the write area is gone with the lock
  });
});
