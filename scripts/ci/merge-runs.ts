// The last job of collect.yml: the runs each host uploaded, put into content/runs/ for the pull request.
// Each artifact holds run folders <benchmark>/<host>/<id>/ as `benchsite run --out` wrote them. A run already in
// content/runs/ with the same files is left as it is; one with other bytes is refused (a run is never
// overwritten: its raw files are the record). Links and other special files are refused.
// Usage: node scripts/ci/merge-runs.ts <content/runs> <artifact dir>...
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

function fail(message: string): never {
  process.stderr.write(`merge-runs: ${message}\n`);
  process.exit(1);
}

/** Run folders (holding run.json) under `dir`, and their files, relative to `dir`. */
function runFolders(dir: string): Map<string, string[]> {
  const runs = new Map<string, string[]>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!e.isFile()) fail(`${p}: not a regular file (a link or special file), refused`);
    }
    const names = readdirSync(d, { withFileTypes: true }).filter((e) => e.isFile());
    if (names.some((e) => e.name === 'run.json'))
      runs.set(
        relative(dir, d),
        names.map((e) => e.name),
      );
  };
  walk(dir);
  return runs;
}

const [target, ...sources] = process.argv.slice(2);
if (!target || sources.length === 0) fail('usage: merge-runs.ts <content/runs> <artifact dir>...');
let added = 0;
let same = 0;
for (const src of sources) {
  if (!existsSync(src) || !lstatSync(src).isDirectory()) fail(`${src}: not a directory`);
  for (const [id, files] of runFolders(src)) {
    if (id.split('/').length !== 3) fail(`${join(src, id)}: expected <benchmark>/<host>/<id>/ holding run.json`);
    const to = join(target, id);
    if (existsSync(to)) {
      const differs = files.some(
        (f) => !existsSync(join(to, f)) || !readFileSync(join(to, f)).equals(readFileSync(join(src, id, f))),
      );
      if (differs) fail(`${to}: already exists with other files; a run is never overwritten (rename or remove one)`);
      same++;
      continue;
    }
    // Copied beside the target, then renamed: a run appears whole or not at all.
    const tmp = `${to}.merging`;
    mkdirSync(tmp, { recursive: true });
    for (const f of files) copyFileSync(join(src, id, f), join(tmp, f));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(tmp, to);
    added++;
  }
}
process.stdout.write(`${added} runs added to ${target}${same ? `, ${same} already there` : ''}\n`);
