// YAML of content and config files (a report's frontmatter, content/annotations.yaml, content/config-families.yaml,
// --meta files, run specs), parsed within bounds: such a file may come from anyone's pull request, and the yaml
// package's work is not linear in every shape. Nested `? ` keys take seconds for 600 bytes (collection keys are
// stringified), unique keys are checked pair by pair (40,000 keys: minutes), a deep `[[[[` recursed until the
// process aborted, and an alias bomb stopped the reader with an error naming no file. So the syntax tree (which
// the yaml package builds in one pass) is checked first: nesting depth, keys per mapping, plain keys only; then the
// document is composed, with the package's bound on alias expansion.
import { LineCounter, Parser, parseDocument, type CST, type Document } from 'yaml';
import { lineColumn } from './problems.ts';

/** Deepest nesting of mappings and lists (the content files need 4 or 5). */
export const MAX_YAML_DEPTH = 32;
/** Most keys of one mapping: unique keys are checked pair by pair. */
export const MAX_YAML_KEYS = 1000;
/** The bound on a --meta file, run spec or content/site.yaml (a few KB each; the parser reads about 200 KB/s). */
export const MAX_CONFIG_FILE_CHARS = 256 << 10;
/** Most nodes that aliases may expand to (the yaml package's own bound). */
const MAX_YAML_ALIAS_COUNT = 100;

export type ContentYaml =
  | { ok: true; data: unknown; doc: Document; lineCounter: LineCounter }
  | { ok: false; message: string; line: number; column: number };

type Entry = { token: CST.Token; depth: number };

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

const isBlank = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';

/**
 * Nesting seen in the text itself, before the yaml package's parser (which recurses once per level: 50,000
 * nested `? ` overflowed its stack): open flow collections (`[`, `{`, across lines) plus the block indicators
 * (`- `, `? `, `: `) of the current line, outside quotes and comments. It counts at least the nesting the parser
 * will see on a line, and a little more (`a: b` counts 1), so a line of ordinary YAML stays far below the bound.
 */
function lexicalDepthProblem(text: string): { message: string; offset: number } | undefined {
  let flow = 0;
  let line = 0;
  let quote: string | undefined;
  const over = (i: number) => ({ message: `nested more than ${MAX_YAML_DEPTH} levels deep`, offset: i });
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      line = 0;
      continue;
    }
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    const before = i === 0 ? undefined : text[i - 1];
    const starts = isBlank(before) || '[{,:-?'.includes(before!);
    if ((c === '"' || c === "'") && starts) quote = c;
    else if (c === '#' && isBlank(before)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl - 1;
    } else if ((c === '[' || c === '{') && starts) {
      if (++flow + line > MAX_YAML_DEPTH) return over(i);
    } else if ((c === ']' || c === '}') && flow > 0) flow--;
    else if ((c === '-' || c === '?' || c === ':') && isBlank(text[i + 1]) && (c === ':' || starts)) {
      if (flow + ++line > MAX_YAML_DEPTH) return over(i);
    }
  }
  return undefined;
}

/** The first shape in the syntax tree that the composer would take too long (or too deep) on. */
function shapeProblem(text: string): { message: string; offset: number } | undefined {
  const stack: Entry[] = [];
  for (const token of new Parser().parse(text))
    if (token.type === 'document' && token.value) stack.push({ token: token.value, depth: 0 });
  while (stack.length) {
    const { token, depth } = stack.pop()!;
    if (!COLLECTIONS.has(token.type)) continue;
    const c = token as CST.BlockMap | CST.BlockSequence | CST.FlowCollection;
    if (depth + 1 > MAX_YAML_DEPTH)
      return { message: `nested more than ${MAX_YAML_DEPTH} levels deep`, offset: c.offset };
    const isMap = c.type === 'block-map' || (c.type === 'flow-collection' && c.start.source === '{');
    if (isMap && c.items.length > MAX_YAML_KEYS)
      return { message: `a mapping of more than ${MAX_YAML_KEYS} keys`, offset: c.offset };
    for (const item of c.items) {
      const explicit =
        ('explicitKey' in item && item.explicitKey) || item.start.some((t) => t.type === 'explicit-key-ind');
      if (explicit || (item.key && COLLECTIONS.has(item.key.type)))
        return {
          message: 'a key that is a mapping or list, or a "?" key: keys here are plain names',
          offset: item.key?.offset ?? item.start[0]?.offset ?? c.offset,
        };
      if (item.key) stack.push({ token: item.key, depth: depth + 1 });
      if (item.value) stack.push({ token: item.value, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Parse YAML text of at most `maxChars` characters. A problem comes back as one sentence (what is wrong) and the
 * line and column it is at; the caller names the file and says what to do.
 */
export function parseContentYaml(text: string, maxChars: number): ContentYaml {
  if (text.length > maxChars)
    return {
      ok: false,
      message: `${text.length} characters of YAML, more than the ${maxChars} allowed`,
      line: 1,
      column: 1,
    };
  let shape;
  let doc: Document;
  const lineCounter = new LineCounter();
  try {
    shape = lexicalDepthProblem(text) ?? shapeProblem(text);
    if (shape) return { ok: false, message: shape.message, ...lineColumn(text, shape.offset) };
    doc = parseDocument(text, { lineCounter, prettyErrors: false });
  } catch (e) {
    // A nesting the bounds above did not foresee: the parser's recursion ran out of stack.
    if (!(e instanceof RangeError)) throw e;
    return { ok: false, message: 'nested too deeply to read', line: 1, column: 1 };
  }
  const error = doc.errors[0];
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return { ok: false, message: `YAML syntax error: ${firstLine(error.message)}`, line, column: col };
  }
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT }), doc, lineCounter };
  } catch (e) {
    // The only error toJS throws on a document without errors: aliases that expand too far.
    return {
      ok: false,
      message: `aliases (*name) that expand to too many nodes (${firstLine((e as Error).message)})`,
      line: 1,
      column: 1,
    };
  }
}

const firstLine = (m: string) => m.split('\n', 1)[0]!.replace(/:\s*$/, '');
