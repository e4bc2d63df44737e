// Reading run files at git refs, for `benchsite diff`. One `git cat-file --batch` reads any number of files.
import { execFileSync, spawn } from 'node:child_process';

function git(args: string[], cwd = process.cwd()): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`git ${args.join(' ')}: ${(err.stderr || err.message).trim().split('\n')[0]}`, { cause: e });
  }
}

/** Paths of files under `dir` at `ref`. */
export function filesAt(ref: string, dir: string): string[] {
  return git(['ls-tree', '-r', '--name-only', ref, '--', dir]).split('\n').filter(Boolean);
}

/**
 * Added (A), modified (M) and deleted (D) files under `dir` from `base` to `head`. With `head` undefined: the
 * working tree, whose untracked files count as added (a run just harvested and not yet `git add`ed is part of
 * what would be committed).
 */
export function changedFiles(
  base: string,
  head: string | undefined,
  dir: string,
): Array<{ status: 'A' | 'M' | 'D'; path: string }> {
  const range = head ? [base, head] : [base];
  const out = git(['diff', '-z', '--name-status', '--no-renames', ...range, '--', dir])
    .split('\0')
    .filter(Boolean);
  const files: Array<{ status: 'A' | 'M' | 'D'; path: string }> = [];
  for (let i = 0; i + 1 < out.length; i += 2) {
    const status = out[i]!;
    if (status === 'A' || status === 'M' || status === 'D') files.push({ status, path: out[i + 1]! });
  }
  if (!head)
    for (const path of git(['ls-files', '-z', '--others', '--exclude-standard', '--', dir]).split('\0'))
      if (path) files.push({ status: 'A', path });
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** Contents of `paths` at `ref` (missing ones left out). */
export async function readAt(ref: string, paths: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (paths.length === 0) return out;
  const child = spawn('git', ['cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stdin.end(paths.map((p) => `${ref}:${p}\n`).join(''));
  await new Promise((resolve) => child.on('close', resolve));
  const buf = Buffer.concat(chunks);
  let pos = 0;
  for (const p of paths) {
    const nl = buf.indexOf(10, pos);
    const header = buf.subarray(pos, nl).toString();
    pos = nl + 1;
    if (header.endsWith(' missing')) continue;
    const size = Number(header.split(' ')[2]);
    out.set(p, buf.subarray(pos, pos + size).toString('utf8'));
    pos += size + 1;
  }
  return out;
}
