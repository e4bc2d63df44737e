// A file's size, modification time and inode, or `-` when it is missing: equal stamps mean an unchanged
// file (the quick check of rsync and make; harvest writes through a rename, so a rewritten file is a new
// inode). Build caches use it to find unchanged runs without reading them.
import { statSync, type Stats } from 'node:fs';

/** The stamp of a file's stat (undefined: no such file). */
export const stampOf = (s: Stats | undefined): string => (s ? `${s.size}:${s.mtimeMs}:${s.ino}` : '-');

export function fileStamp(file: string): string {
  return stampOf(statSync(file, { throwIfNoEntry: false }));
}
