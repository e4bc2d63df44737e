// Lock files of a runs folder as another process would have left them, for the tests of withContentLock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK, makeWriteArea } from '../../collectors/lib/content-lock.ts';

/** An empty runs folder of its own. */
export const freshRunsDir = () => mkdtempSync(join(tmpdir(), 'lock-'));

/** A lock file as another process would have left it; its path. */
export function plantLock(out: string, holder: Record<string, unknown>): string {
  const file = join(makeWriteArea(out), LOCK);
  writeFileSync(
    file,
    JSON.stringify({ since: '2026-01-01T00:00:00.000Z', command: 'benchsite harvest', token: 't', ...holder }),
  );
  return file;
}
