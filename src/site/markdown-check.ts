// Report Markdown is rendered by satteri, native code: a panic there aborts the whole process, printing a Rust
// message that names no file (its smart punctuation did so on 148 KB of `x "`). `benchsite validate` and the site
// build therefore render every report first in a child process with bounded memory and time; a report that
// makes it abort, or run out of either, is named and refused before this process renders it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { problem, type Problem } from '../runs/problems.ts';

/** Address space of the child (KiB, for `ulimit -v`): Node itself needs well under 1 GiB. */
const MEMORY_KIB = 3 << 20;
/** Time for all the reports together. */
const TIMEOUT_MS = 60_000;

const CHILD = fileURLToPath(new URL('./markdown-check-child.ts', import.meta.url));
const canRunTypeScript = () => Boolean((process.features as { typescript?: unknown }).typescript);

export interface MarkdownInput {
  file: string;
  body: string;
}

/**
 * The problem of the report the child could not render; none when every one rendered. `child` (a script and
 * its arguments) and `timeoutMs` are for tests.
 */
export async function nativeMarkdownProblems(
  reports: MarkdownInput[],
  { child: argv = [CHILD], timeoutMs = TIMEOUT_MS }: { child?: string[]; timeoutMs?: number } = {},
): Promise<Problem[]> {
  if (!reports.length || !canRunTypeScript()) return [];
  // `ulimit -v` where there is a POSIX shell; elsewhere the child runs without it.
  const posix = process.platform !== 'win32';
  const child = posix
    ? spawn('/bin/sh', ['-c', `ulimit -v ${MEMORY_KIB} 2>/dev/null; exec "$0" "$@"`, process.execPath, ...argv], {
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err = (err + d).slice(-64 * 1024)));
  child.stdin.on('error', () => {}); // the child may die before it has read everything
  child.stdin.end(JSON.stringify(reports.map((r) => r.body)));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (c, s) => resolve([c, s])),
  );
  clearTimeout(timer);
  const lines = out.split('\n');
  const started = lines.filter((l) => l.startsWith('start ')).length;
  const done = lines.filter((l) => l.startsWith('done ')).length;
  if (code === 0 && done === reports.length) return [];
  // The report it was rendering when it stopped; none started: the child itself could not start.
  const at = reports[Math.max(0, started - 1)]!;
  if (!started || done === started)
    return [
      problem(
        at.file,
        '(file)',
        `could not be checked: the Markdown check process stopped (${how(code, signal)}): ${lastLine(err)}`,
        'Run it again; if it persists, report it as a bug of benchsite',
      ),
    ];
  return [
    problem(
      at.file,
      '(file)',
      timedOut
        ? `the Markdown renderer did not finish this report within ${timeoutMs / 1000} s`
        : `the Markdown renderer (satteri, native code) crashed on this report (${how(code, signal)}${panic(err)})`,
      'Simplify its Markdown (very long lines, deep nesting, long runs of punctuation) until `npx benchsite validate` passes',
    ),
  ];
}

const how = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `exit code ${code}`);
const lastLine = (t: string) => t.trim().split('\n').at(-1)?.slice(0, 300) ?? '';

/** The panic's place and message, shortened: `panicked at <file>:<line>: <message>`. */
function panic(stderr: string): string {
  const m = /panicked at ([^\n]*)\n([^\n]*)/.exec(stderr);
  if (m) return `: panicked at ${m[1]} ${m[2]!.slice(0, 200)}`;
  if (/memory allocation|out of memory|Allocation failed/i.test(stderr)) return ': out of memory';
  return '';
}
