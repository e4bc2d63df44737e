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

/** Passwords never reach content/: `--pgsql-password=pw` -> `--pgsql-password=***`, likewise MYSQL_PWD, PGPASSWORD, -p<pw>. */
export function redactSecrets(command: string): string {
  return command
    .replace(/(--[A-Za-z_-]*password=)\S*/g, '$1***')
    .replace(/\b(PGPASSWORD|MYSQL_PWD)=\S*/g, '$1=***')
    .replace(/(\s-p)(?!\s)\S+/g, '$1***');
}

/** The benchsite version written into every run (package.json `version`). */
export const BENCHSITE_VERSION = '0.1.0';
