// The summaries of the last build's runs (run-store.ts), so that a build after a change to a report, the
// config or a few runs validates only the runs whose run.json changed. One file per benchmark and host (a
// group of runs), each under the digest of the code that made it: reading or writing one group does not
// touch the others' files. A run counts as unchanged when its run.json has the same stamp (size, modification
// time, inode: file-stamp.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSummary } from '../schemas/run-summary.ts';

/** A run as the store keeps it: the stamp of the run.json bytes validated, and its summary. */
export interface StoredRun {
  stamp: string;
  summary: RunSummary;
}

interface GroupFile {
  code: string;
  runs: Record<string, StoredRun>;
}

/** The group of a run id, `<benchmark>/<host>` (its first two parts). */
export const groupOf = (id: string) => id.split('/', 2).join('/');

export const summaryCacheDir = (root: string, runsDir: string) =>
  join(root, 'node_modules/.cache/benchsite/summaries', createHash('sha1').update(runsDir).digest('hex').slice(0, 12));

const fileOf = (dir: string, group: string) =>
  join(dir, `${createHash('sha1').update(group).digest('hex').slice(0, 16)}.json`);

/** The cached runs of a group made by this code (an empty record when there are none). */
export function readGroup(dir: string, group: string, code: string): Record<string, StoredRun> {
  try {
    const g = JSON.parse(readFileSync(fileOf(dir, group), 'utf8')) as GroupFile;
    if (g.code === code) return g.runs;
  } catch {
    // none yet, or unreadable: start over
  }
  return {};
}

/** Replace the cache of each group given; remove the files of groups no longer there. */
export function writeGroups(
  dir: string,
  code: string,
  groups: Map<string, Record<string, StoredRun>>,
  keep: Set<string>,
): void {
  mkdirSync(dir, { recursive: true });
  for (const [group, runs] of groups) {
    const file = fileOf(dir, group);
    const tmp = `${file}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify({ code, runs } satisfies GroupFile));
    renameSync(tmp, file);
  }
  const kept = new Set([...keep].map((g) => fileOf(dir, g).slice(dir.length + 1)));
  for (const f of readdirSync(dir)) if (!kept.has(f)) rmSync(join(dir, f), { force: true });
}
