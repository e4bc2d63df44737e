// The sysbench command line a log shows before a run's output: echoed by a harness (mytools run.sh writes it as
// line 1), typed after a shell prompt (`user@host:~$ sysbench ...`, `+ sysbench ...` of `set -x`), or typed over
// several lines (`\` at the end of a line, the next one after the `> ` prompt or starting with `--`). Pure.
import { redactSecrets } from '../../collectors/lib/provenance.ts';

/** A shell prompt before the command: `user@host:~$`, `[root@db ~]#`, `$`, `#`, `%`, `>`, or `+` of `set -x`. */
const PROMPT = /^(?:\[[^\]]*\][$#%]|\S*[$#%>]|\+)\s+/;

/** The line without the shell prompt before it (`user@host:~$ `, `> ` of a line that carries one on). */
export function withoutPrompt(line: string): string {
  return line.trim().replace(PROMPT, '');
}

/** Whether a token is the sysbench program, by name or path. */
const isProgram = (t: string) => /(^|\/)sysbench$/.test(t);

/**
 * The command on one line, prompt removed, when the line runs sysbench: the program, then an option or the
 * `run` verb (prose that names sysbench has neither), and not the banner (`sysbench 1.0.20 (using ...)`).
 */
function commandOnLine(line: string): string | undefined {
  let text = line.trim();
  for (let i = 0; i < 3 && PROMPT.test(text) && !isProgram(text.split(/\s+/, 1)[0]!); i++)
    text = text.replace(PROMPT, '');
  const tokens = text.split(/\s+/);
  const bin = tokens.findIndex(isProgram);
  if (bin < 0) return undefined;
  const after = tokens.slice(bin + 1);
  if (/^\d+\.\d+/.test(after[0] ?? '')) return undefined; // the banner
  if (!after.some((t) => /^--[a-z]/i.test(t) || /^(run|prepare|cleanup)$/.test(t))) return undefined;
  return text;
}

/** A line that carries on a command typed over several lines: after the `> ` prompt, or options only. */
function continuation(line: string): string | undefined {
  const t = line.trim();
  if (t.startsWith('> ') || t === '>') {
    // `> done` ends the loop typed around the command: a line of the loop, not of the command.
    const rest = t.slice(1).trim();
    return /^(done|fi|esac|do|then|else)\b/.test(rest) ? undefined : rest;
  }
  if (/^--[a-z]/i.test(t) && t.split(/\s+/).every((x) => /^--|^[\w./-]+$/.test(x))) return t;
  return undefined;
}

/**
 * The command at `lines[start]` with the lines that carry it on, joined into one line (`\` removed), and how
 * many lines it took; undefined when that line is no sysbench command.
 */
export function commandAt(lines: string[], start: number): { command: string; lines: number } | undefined {
  const line = lines[start] ?? '';
  if (!/(^|[\s/])sysbench(\s|$)/.test(line)) return undefined;
  const parts = [line.trim()];
  let k = start + 1;
  while (k < lines.length) {
    const prev = parts[parts.length - 1]!;
    const next = continuation(lines[k]!) ?? (prev.endsWith('\\') ? lines[k]!.trim() : undefined);
    if (next === undefined || next === '') break;
    parts[parts.length - 1] = prev.replace(/\s*\\$/, '');
    parts.push(next);
    k++;
  }
  parts[parts.length - 1] = parts[parts.length - 1]!.replace(/\s*\\$/, '');
  // Options or `run` may come only on a later line: the whole command is what is judged.
  const command = commandOnLine(parts.join(' '));
  return command === undefined ? undefined : { command, lines: k - start };
}

/** A shell operator or keyword that ends the sysbench command inside a longer line (a loop, a pipe, `&&`). */
const ENDS_COMMAND = /^(?:;|;;|&&?|\|\|?|>>?|\d?>&?\d*|2>&1|done|fi|then|do)$/;

/** Whether a command line is a shell loop around sysbench (`for t in 1 2 4; do sysbench ... --threads=$t run; done`). */
export function isLoop(command: string): boolean {
  return /(?:^|[;&|]\s*|\s)(?:for\s+\w+\s+in\b|for\s*\(\(|while\s|until\s)/.test(command) && /\bdo\b/.test(command);
}

/** Whether a line (prompt removed) begins a shell loop: `for t in 1 2 4`, `for ((t=1; ...))`, `while ...`. */
export function isLoopHead(line: string): boolean {
  return /^(?:for\s+\w+\s+in\b|for\s*\(\(|while\s|until\s)/.test(line);
}

/** What a command holds of sysbench's options and script. */
export interface CommandOptions {
  /** The options (`--threads=8` -> { threads: "8" }) whose values the line states. */
  options: Record<string, string>;
  /** The test script (`oltp_read_only.lua`), when the line names it, not by a shell variable. */
  lua?: string;
  /** Options and the script the line gives by a shell variable (`--threads=$t`, `sysbench $s`): unknown here. */
  unresolved?: string[];
  /** The words of those, as the line writes them: { '--threads': '$t', 'the script': '"$s"' }. */
  words?: Record<string, string>;
}

/**
 * The options and the test script of the sysbench command in a line: from the program to the end of its
 * command (a loop's `; done`, a pipe, a redirection). A value given by a shell variable (`--threads=$t`) is not
 * a value: each run's own output says what it was.
 */
export function commandOptions(command: string): CommandOptions {
  const options: Record<string, string> = {};
  const unresolved: string[] = [];
  const words: Record<string, string> = {};
  let lua: string | undefined;
  let script = false;
  // Read with its passwords masked: a word of `--pgsql-password='a b'` is no script name or option.
  const all = redactSecrets(command).split(/\s+/);
  const bin = all.findIndex(isProgram);
  const tokens: string[] = [];
  for (const [i, tok] of all.entries()) {
    if (bin >= 0 && i > bin && ENDS_COMMAND.test(tok)) break;
    const end = bin >= 0 && i > bin && /[^;];$/.test(tok);
    tokens.push(end ? tok.slice(0, -1) : tok);
    if (end) break;
  }
  tokens.forEach((tok, i) => {
    const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/.exec(tok);
    if (m) {
      if (m[2]?.includes('$')) {
        unresolved.push(`--${m[1]}`);
        words[`--${m[1]}`] = m[2];
      } else options[m[1]!] = m[2] ?? 'on';
    }
    // The test script: the first word after the sysbench binary (a .lua path, or a stock test name), unknown
    // when a shell variable gives it or a part of it (`$s`, `/usr/share/sysbench/$s.lua`).
    else if (!script && bin >= 0 && i > bin && !tok.startsWith('-') && tok.includes('$')) {
      script = true;
      unresolved.push('the script');
      words['the script'] = tok;
    } else if (
      !script &&
      bin >= 0 &&
      i > bin &&
      (tok.endsWith('.lua') || (/^[a-z][a-z0-9_]*$/.test(tok) && !/^(run|prepare|cleanup|help)$/.test(tok)))
    ) {
      script = true;
      const name = tok.split('/').pop()!;
      lua = name.endsWith('.lua') ? name : `${name}.lua`;
    }
  });
  // sysbench 0.5 names its script with --test=<path>.lua (0.4's --test=oltp is a built-in test, no script).
  if (!lua && options.test?.endsWith('.lua')) lua = options.test.split('/').pop();
  return { options, ...(lua ? { lua } : {}), ...(unresolved.length ? { unresolved, words } : {}) };
}
