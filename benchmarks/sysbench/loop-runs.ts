// The script of each run of a shell loop whose command names it by a variable (`for s in oltp_read_only
// oltp_point_select; do for t in 1 2 4; do sysbench $s ... --threads=$t run; done; done`): sysbench does not
// print its script's name, but the loop's lists give the value of each variable at each pass, in order. That
// order is only taken when the runs confirm it: as many runs as passes, each run's own thread count the one its
// pass gives, and each run's report as its script's can be (below). Pure.

/** Passes of a loop beyond which its lists are not read (no sweep pasted by hand has that many runs). */
const MAX_PASSES = 10_000;

/**
 * The passes of the nested `for v in w1 w2 ...` loops before the sysbench command of a loop line, in order: the
 * value of each variable at each pass. Undefined when a list is not plain words (`$(seq 1 8)`, `{1..8}`, `*`),
 * the loops are not nested around the command (a `done` before it), or another kind of loop runs it.
 */
export function loopPasses(loop: string): Array<Record<string, string>> | undefined {
  const bin = /(?:^|[\s;/])sysbench\s/.exec(loop);
  if (!bin) return undefined;
  const head = loop.slice(0, bin.index);
  if (/\bdone\b|\bwhile\s|\buntil\s|\bfor\s*\(\(/.test(head)) return undefined;
  // Read word by word (no regular expression over the line: a line of many blanks costs no more).
  const tokens = head.split(/\s+/);
  let passes: Array<Record<string, string>> = [{}];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] !== 'for' || !/^\w+$/.test(tokens[i + 1] ?? '') || tokens[i + 2] !== 'in') continue;
    const words: string[] = [];
    let k = i + 3;
    for (; k < tokens.length && tokens[k] !== 'do' && tokens[k] !== ';'; k++) {
      const w = tokens[k]!.replace(/;$/, '');
      if (w !== '') words.push(w.replace(/^(["'])(.*)\1$/, '$2'));
      if (tokens[k]!.endsWith(';')) {
        k++;
        break;
      }
    }
    if (tokens[k] === ';') k++;
    if (tokens[k] !== 'do') return undefined;
    if (words.some((w) => !/^[\w.,:/+-]+$/.test(w))) return undefined;
    if (passes.length * words.length > MAX_PASSES) return undefined;
    passes = passes.flatMap((p) => words.map((w) => ({ ...p, [tokens[i + 1]!]: w })));
    i = k;
  }
  return Object.keys(passes[0]!).length ? passes : undefined;
}

/** A word with the loop's variables of one pass put in (`$s`, `${s}`, `"$s"`); undefined when one is not set. */
function expand(word: string, pass: Record<string, string>): string | undefined {
  let unset = false;
  const out = word
    .replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => {
      const v = pass[(a ?? b)!];
      if (v === undefined) unset = true;
      return v ?? '';
    })
    .replace(/["']/g, '');
  return unset || out.includes('$') ? undefined : out;
}

/** What a run of the loop showed of itself, when printed: its `Number of threads:` and its report's counts. */
export interface LoopRun {
  threads?: number;
  queries?: { read?: number; write?: number; other?: number; total?: number };
  transactions?: number;
}

/** sysbench 1.0's scripts (and mytools') that write no row, whatever their options. */
const READS_ONLY =
  /^(oltp_point_select|oltp_read_only|select_random_(points|ranges)|oltp_(inlist_select|points_covered|range_covered|read_only_count|scan))$/;
/** Scripts that write in every event. */
const WRITES = /^(bulk_insert|oltp_(delete|insert|read_write|update_index|update_non_index|write_only|inlist_update))$/;
/** Scripts that run one query per event whatever their options (oltp_point_select sets point_selects=1). */
const ONE_QUERY = /^(oltp_point_select|oltp_insert|oltp_delete|select_random_(points|ranges))$/;
/** Scripts that run BEGIN and COMMIT (counted as `other`) around each event unless --skip-trx. */
const TRANSACTIONS = /^oltp_(read_only|read_write|write_only)$/;

/** Why a run's report cannot be one of this script's, or undefined. `skipTrx`: the command's --skip-trx. */
function unlike(lua: string, run: LoopRun, skipTrx: boolean): string | undefined {
  const name = lua.replace(/\.lua$/, '');
  const q = run.queries ?? {};
  if (q.write !== undefined && READS_ONLY.test(name) && q.write > 0) return 'wrote rows';
  if (q.write === 0 && WRITES.test(name) && (q.total ?? 0) > 0) return 'wrote no rows';
  if (ONE_QUERY.test(name) && q.total !== undefined && run.transactions !== undefined && q.total !== run.transactions)
    return `ran ${q.total} queries in ${run.transactions} events, not one each`;
  if (TRANSACTIONS.test(name) && !skipTrx && q.other === 0 && (q.total ?? 0) > 0) return 'ran no BEGIN or COMMIT';
  return undefined;
}

/**
 * The script of each run of a loop, from the loop's lists (`words`: the command's words given by variables,
 * `{ 'the script': '$s', '--threads': '$t' }`), or why the runs do not confirm the lists' order.
 */
export function scriptsOfLoop(
  loop: string,
  words: Record<string, string>,
  runs: LoopRun[],
  skipTrx = false,
): { scripts: string[]; confirmedBy: string } | { why: string } {
  const word = words['the script'];
  const passes = loopPasses(loop);
  if (word === undefined) return { why: 'the command names no script' };
  if (!passes) return { why: "the loop's lists are not plain words, so the order of its passes is not known" };
  if (passes.length !== runs.length)
    return { why: `the loop makes ${passes.length} runs, but the file shows ${runs.length}` };
  const threadsWord = words['--threads'] ?? words['--num-threads'];
  const scripts: string[] = [];
  for (const [i, pass] of passes.entries()) {
    const name = expand(word, pass)?.split('/').pop();
    if (!name || !/^[\w.-]+$/.test(name)) return { why: `the loop does not set every variable of ${word}` };
    const lua = name.endsWith('.lua') ? name : `${name}.lua`;
    const run = runs[i]!;
    const threads = threadsWord === undefined ? undefined : expand(threadsWord, pass);
    if (threads !== undefined && run.threads !== undefined && Number(threads) !== run.threads)
      return { why: `run ${i + 1} ran ${run.threads} threads where the loop's order gives ${threads}` };
    const why = unlike(lua, run, skipTrx);
    if (why) return { why: `run ${i + 1}, which the loop's order makes ${lua}, ${why}` };
    scripts.push(lua);
  }
  const by = ['one run per pass'];
  if (threadsWord !== undefined && runs.some((r) => r.threads !== undefined))
    by.push("each run's thread count the one its pass gives");
  if (runs.some((r) => r.queries?.total !== undefined)) by.push("each run's report one its script can print");
  return { scripts, confirmedBy: by.join(', ') };
}
