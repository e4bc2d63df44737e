// A file's size, modification time and inode, or `-` when it is missing: equal stamps mean an unchanged
// file (the quick check of rsync and make; harvest writes through a rename, so a rewritten file is a new
// inode). Build caches use it to find unchanged runs without reading them.
import { statSync } from 'node:fs';

export function fileStamp(file: string): string {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}:${s.ino}` : '-';
}
