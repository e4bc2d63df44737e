// The code of a source file split into what the tests of the code look for: its code (comments left out, the text
// of regular expression literals kept) and its string literals (each quoted string, each text piece of a template
// literal), with their lines. Enough of JavaScript's lexical rules for this project's files; an .astro file is
// its frontmatter and the {expressions} of its markup (text between tags is prose).

interface Piece {
  text: string;
  line: number;
}

export interface CodeText {
  /** Code outside comments and strings, one piece per line. */
  code: Piece[];
  strings: Piece[];
}

/** A `/` after one of these (or at the start) begins a regular expression, else it divides. */
const BEFORE_REGEX = new Set(['', ...'(,=:[!&|?{};+-*%<>~^']);
const REGEX_KEYWORDS = /\b(return|typeof|case|of|in|delete|void|throw|new|yield|await)$/;

/** The code and strings of JavaScript or TypeScript text (`firstLine` is the number of its first line). */
export function scanCode(src: string, firstLine = 1): CodeText {
  const out: CodeText = { code: [], strings: [] };
  let line = firstLine;
  // The code since the last string, and the line it starts on.
  let code = '';
  let codeLine = line;
  const endCode = () => {
    code.split('\n').forEach((l, k) => {
      if (l.trim()) out.code.push({ text: l, line: codeLine + k });
    });
    code = '';
  };
  const startCode = () => {
    codeLine = line;
  };
  let i = 0;
  const n = src.length;
  /** Reads a string or a template's text piece from i (after its opening quote) to `stop`; true at a `${`. */
  const readText = (quote: string): boolean => {
    const start = line;
    let s = '';
    while (i < n && src[i] !== quote) {
      if (src[i] === '\\') {
        if (src[i + 1] === '\n') line++;
        s += src.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (quote === '`' && src[i] === '$' && src[i + 1] === '{') {
        out.strings.push({ text: s, line: start });
        i += 2;
        return true;
      }
      if (src[i] === '\n') line++;
      s += src[i];
      i++;
    }
    i++;
    out.strings.push({ text: s, line: start });
    return false;
  };
  // Template literals nest: the brace depths at which each open `${` began.
  const templates: number[] = [];
  let depth = 0;
  while (i < n) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      const lines = src.slice(i, stop).split('\n').length - 1;
      code += '\n'.repeat(lines);
      line += lines;
      i = stop;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      endCode();
      i++;
      if (readText(c)) templates.push(depth);
      startCode();
      continue;
    }
    if (c === '}' && templates.length && templates.at(-1) === depth) {
      templates.pop();
      endCode();
      i++;
      if (readText('`')) templates.push(depth);
      startCode();
      continue;
    }
    if (c === '/') {
      const before = code.trimEnd();
      if (BEFORE_REGEX.has(before.at(-1) ?? '') || REGEX_KEYWORDS.test(before)) {
        // A regular expression literal: its text is code (a name in a pattern is a name in code).
        let j = i + 1;
        let inClass = false;
        while (j < n && src[j] !== '\n') {
          if (src[j] === '\\') j++;
          else if (src[j] === '[') inClass = true;
          else if (src[j] === ']') inClass = false;
          else if (src[j] === '/' && !inClass) break;
          j++;
        }
        code += src.slice(i, j + 1);
        i = j + 1;
        continue;
      }
    }
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (c === '\n') line++;
    code += c;
    i++;
  }
  endCode();
  return out;
}

/** An .astro file's frontmatter, then each {expression} of its markup, as code. */
export function scanAstro(src: string): CodeText {
  const out: CodeText = { code: [], strings: [] };
  const add = (t: CodeText) => {
    out.code.push(...t.code);
    out.strings.push(...t.strings);
  };
  const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(src);
  let at = 0;
  if (fm) {
    add(scanCode(fm[1]!, 2));
    at = fm[0].length;
  }
  // Markup: {...} expressions, braces balanced and skipping the strings inside them.
  for (let i = at; i < src.length; i++) {
    if (src[i] !== '{') continue;
    let depth = 0;
    let j = i;
    let quote = '';
    for (; j < src.length; j++) {
      const c = src[j]!;
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = '';
        continue;
      }
      if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    const line = src.slice(0, i).split('\n').length;
    add(scanCode(src.slice(i + 1, j), line));
    i = j;
  }
  return out;
}
