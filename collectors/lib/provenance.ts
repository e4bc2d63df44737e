// Manifest and command helpers shared by the harvesters.
import { createHash } from 'node:crypto';
import type { RawFile } from '../../src/schemas/index.ts';
import type { RawEntry } from './raw-tree.ts';

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Manifest rows of the raw files, paths relative to the run's raw directory. */
export function manifest(entries: RawEntry[]): RawFile[] {
  return entries.map((e) => ({ path: e.path, bytes: e.data.length, sha256: e.sha256 ?? sha256Hex(e.data) }));
}

/** Passwords never reach content/: `--pgsql-password=pw` -> `--pgsql-password=***`, whatever the quoting (redact.ts). */
export { redactCommand as redactSecrets } from './redact.ts';

/** The benchsite version written into every run (package.json `version`). */
export const BENCHSITE_VERSION = '0.1.0';
