// A full build writes the site into a folder beside dist/ and swaps it in at the end (bin/build.js), so a build
// stopped at any point (kill -9, a crash, a full disk) leaves the last whole site in dist/, never a half-emptied
// one. Beside `<parent>/<name>` (dist):
//   .<name>.next-<pid>/   the build's output (astro build --outDir it), post-build steps included
//   .<name>.swap          written just before the swap: which folders it moves
// The swap: dist to .<name>.old-<pid>, the new folder to dist, the old one removed, then the record. Every build
// first finishes a recorded swap (the new folder is whole: the record is written after it) and removes the
// folders of builds that are gone. A rebuild without Astro changes dist/ in place, file by file (rebuild.ts).
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { stopPoint } from '../runs/stop-point.ts';

interface SwapRecord {
  next: string;
  old: string;
}

const parts = (outDir: string) => ({ parent: dirname(resolve(outDir)), name: basename(resolve(outDir)) });
const recordFile = (outDir: string) => join(parts(outDir).parent, `.${parts(outDir).name}.swap`);

/** The names of a build's folders beside `<name>`: what recoverDist may move or remove, and nothing else. */
const ours = (name: string) => new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(next|old)-(\\d+)$`);

/** A new, empty folder for this process's build beside `outDir`. */
export function stagingDir(outDir: string): string {
  const { parent, name } = parts(outDir);
  const dir = join(parent, `.${name}.next-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

/** Put the finished build in `next` at `outDir`, keeping dist/.git (a site deployed from a git checkout). */
export function swapIn(next: string, outDir: string): void {
  const out = resolve(outDir);
  const { parent, name } = parts(out);
  if (existsSync(join(out, '.git')) && !existsSync(join(next, '.git')))
    renameSync(join(out, '.git'), join(next, '.git'));
  const record: SwapRecord = { next: basename(next), old: `.${name}.old-${process.pid}` };
  writeFileSync(`${recordFile(out)}.tmp`, JSON.stringify(record));
  renameSync(`${recordFile(out)}.tmp`, recordFile(out));
  stopPoint('dist-recorded');
  finishSwap(out, record, parent);
}

function finishSwap(out: string, r: SwapRecord, parent: string): void {
  const next = join(parent, r.next);
  const old = join(parent, r.old);
  if (existsSync(next)) {
    if (existsSync(out)) {
      rmSync(old, { recursive: true, force: true }); // (only a removal stopped halfway leaves one)
      renameSync(out, old);
      stopPoint('dist-moved');
    }
    renameSync(next, out);
    stopPoint('dist-swapped');
  } else if (!existsSync(out) && existsSync(old)) {
    renameSync(old, out); // the new site is gone (removed by hand): the old one back rather than none
  }
  rmSync(old, { recursive: true, force: true });
  rmSync(recordFile(out), { force: true });
}

const alive = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Before a build: finish a swap a stopped build recorded, and remove the folders of builds that are gone
 * (their dist/.git moved back first). Returns a line for a swap finished.
 */
export function recoverDist(outDir: string): string[] {
  const out = resolve(outDir);
  const { parent, name } = parts(out);
  const notes: string[] = [];
  const pattern = ours(name);
  let record: SwapRecord | undefined;
  try {
    const r = JSON.parse(readFileSync(recordFile(out), 'utf8')) as SwapRecord;
    if (pattern.test(r.next) && pattern.test(r.old)) record = r;
  } catch {
    // no swap was under way
  }
  if (record) {
    finishSwap(out, record, parent);
    notes.push(`${out}: finished putting in place the site a stopped build had made`);
  }
  rmSync(`${recordFile(out)}.tmp`, { force: true });
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return notes;
  }
  for (const e of entries) {
    const m = pattern.exec(e);
    if (!m || alive(Number(m[2]))) continue;
    const dir = join(parent, e);
    if (existsSync(join(dir, '.git')) && existsSync(out) && !existsSync(join(out, '.git')))
      renameSync(join(dir, '.git'), join(out, '.git'));
    rmSync(dir, { recursive: true, force: true });
  }
  return notes;
}
