// Reading run files at git refs, for `benchsite diff`. One `git cat-file --batch` reads any number of files.
import { execFileSync, spawn } from 'node:child_process';

export function git(args: string[], cwd = process.cwd()): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`git ${args.join(' ')}: ${(err.stderr || err.message).trim().split('\n')[0]}`);
  }
}

/** Paths of files under `dir` at `ref`. */
export function filesAt(ref: string, dir: string): string[] {
  return git(['ls-tree', '-r', '--name-only', ref, '--', dir]).split('\n').filter(Boolean);
}

/** Added (A) and modified (M) files under `dir` from `base` to `head` (`head` undefined: the working tree). */
export function changedFiles(
  base: string,
  head: string | undefined,
  dir: string,
): Array<{ status: 'A' | 'M'; path: string }> {
  const range = head ? [base, head] : [base];
  return git(['diff', '--name-status', '--no-renames', ...range, '--', dir])
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t'))
    .filter(([s]) => s === 'A' || s === 'M')
    .map(([s, p]) => ({ status: s as 'A' | 'M', path: p! }));
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
