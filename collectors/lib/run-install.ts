// Putting a run folder in place so that a stop at any point (kill -9, a crash, a full disk) leaves the old run
// or the new one, whole, and nothing a later write takes for a run. Called holding the lock (content-lock.ts).
// In <out>/.benchsite-write/:
//   a new run:      its files are written into staged-<r>/, which is then renamed to <out>/<id> (one step).
//   over a folder:  staged as above; then intent.json names the id, the staged folder and a trash name; the old
//                   folder is renamed to trash-<r>, the staged one to <out>/<id>; the trash and the intent go.
// finishInterrupted, the first thing under the lock, completes an intent (its staged folder is whole: the intent
// is written after it) and removes the staged and trash folders no intent names: the old run stays, or the new
// one is put in place, and a command stopped before its run was in place never said it wrote it.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { parseRunId } from '../../src/runs/run-id.ts';
import { stopPoint } from '../../src/runs/stop-point.ts';
import { WRITE_AREA } from '../../src/runs/write-area.ts';
import { withContentLock } from './content-lock.ts';
import { inputError } from './input-error.ts';

export const INTENT = 'intent.json';

interface Intent {
  id: string;
  staged: string;
  trash: string;
  pid: number;
  at: string;
}

const area = (out: string) => join(resolve(out), WRITE_AREA);
const NAME = /^(staged|trash)-[0-9a-f]{16}$/;
const fresh = (kind: 'staged' | 'trash') => `${kind}-${randomBytes(8).toString('hex')}`;

/** Write a run's files into a new staged folder; returns its path. A failure (a full disk) removes it. */
export function stageRun(out: string, files: Array<[name: string, bytes: Uint8Array]>): string {
  const dir = join(area(out), fresh('staged'));
  try {
    mkdirSync(dir);
    for (const [name, bytes] of files) {
      writeFileSync(join(dir, name), bytes);
      stopPoint('staging');
    }
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  stopPoint('staged');
  return dir;
}

/** Put a staged run at `<out>/<id>`, replacing whatever folder is there through an intent. */
export function installRun(out: string, id: string, staged: string): void {
  const target = join(resolve(out), id);
  mkdirSync(dirname(target), { recursive: true }); // (out itself exists: it holds the write area)
  if (!existsSync(target)) {
    renameSync(staged, target);
    stopPoint('installed');
    return;
  }
  const intent: Intent = {
    id,
    staged: staged.slice(area(out).length + 1),
    trash: fresh('trash'),
    pid: process.pid,
    at: new Date().toISOString(),
  };
  const file = join(area(out), INTENT);
  writeFileSync(`${file}.tmp`, JSON.stringify(intent));
  renameSync(`${file}.tmp`, file);
  stopPoint('intent');
  complete(out, intent);
}

/** The steps of an intent from wherever a stop left them; each is done at most once. */
function complete(out: string, intent: Intent): void {
  const target = join(resolve(out), intent.id);
  const staged = join(area(out), intent.staged);
  const trash = join(area(out), intent.trash);
  mkdirSync(dirname(target), { recursive: true });
  if (existsSync(staged)) {
    if (existsSync(target)) {
      if (existsSync(trash))
        throw inputError(
          join(area(out), INTENT),
          undefined,
          `an interrupted replacement of ${intent.id} left both an old and a new folder there`,
          `Keep one of ${target} and ${trash}, then remove ${join(area(out), INTENT)}`,
        );
      renameSync(target, trash);
      stopPoint('trashed');
    }
    renameSync(staged, target);
    stopPoint('installed');
  } else if (!existsSync(target) && existsSync(trash)) {
    renameSync(trash, target); // the new run is gone (removed by hand): the old one back rather than nothing
  }
  rmSync(trash, { recursive: true, force: true });
  stopPoint('emptied');
  rmSync(join(area(out), INTENT), { force: true });
}

/** An intent as this module writes it, or undefined: the file may come from anywhere, so nothing else is used. */
function readIntent(file: string): Intent | undefined {
  let v: Partial<Intent>;
  try {
    v = JSON.parse(readFileSync(file, 'utf8')) as Partial<Intent>;
  } catch {
    return undefined;
  }
  const parts = typeof v.id === 'string' ? parseRunId(v.id) : undefined;
  const safe = (s: string) => s !== '' && !s.startsWith('.') && !s.includes('\\') && !s.includes('\0');
  if (!parts || !v.id!.split('/').every(safe)) return undefined;
  if (typeof v.staged !== 'string' || !NAME.test(v.staged) || !v.staged.startsWith('staged-')) return undefined;
  if (typeof v.trash !== 'string' || !NAME.test(v.trash) || !v.trash.startsWith('trash-')) return undefined;
  return v as Intent;
}

/**
 * Finish what a stopped writer left in `out` (holding the lock): its replacement completed, its staged and
 * trash folders removed. Returns a line for each replacement completed.
 */
export function finishInterrupted(out: string): string[] {
  const dir = area(out);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const notes: string[] = [];
  const file = join(dir, INTENT);
  if (names.includes(INTENT)) {
    const intent = readIntent(file);
    if (!intent)
      throw inputError(
        file,
        undefined,
        'is not an intent benchsite wrote',
        `Remove it (and any staged-* or trash-* folder beside it) after checking the runs in ${resolve(out)}`,
      );
    complete(out, intent);
    notes.push(
      `${join(resolve(out), intent.id)}: put in place the run a stopped benchsite (pid ${intent.pid}) was writing over it`,
    );
  }
  for (const n of names)
    if (NAME.test(n) || n === `${INTENT}.tmp`) rmSync(join(dir, n), { recursive: true, force: true });
  return notes;
}

/**
 * For commands that only read runs (`benchsite validate`): finish what a stopped writer left in `out`, taking
 * the lock only when there is something to finish (a read-only checkout has nothing). Returns its lines.
 */
export async function finishInterruptedWrites(out: string): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(area(out));
  } catch {
    return [];
  }
  if (!names.some((n) => n === INTENT || NAME.test(n))) return [];
  return withContentLock(out, async () => finishInterrupted(out));
}
