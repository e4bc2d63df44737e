// Which of the posts' sysbench tests a script and its options run: the mapping that names a plain sysbench
// run's tests as the posts name them (harvest-stock.ts). Pure; the data is SYSBENCH_TESTS (sysbench.ts).
import { SYSBENCH_TESTS } from './vocabulary.ts';

/**
 * Option values a script uses when a command does not give them: sysbench 1.0's oltp_common.lua and the mytools
 * scripts' defaults, for the options that tell the posts' tests of one script apart.
 */
const SCRIPT_DEFAULTS: Record<string, string> = {
  'rand-type': 'special',
  'table-size': '10000',
  'point-selects': '10',
  'simple-ranges': '1',
  'sum-ranges': '1',
  'order-ranges': '1',
  'distinct-ranges': '1',
  'hot-points': 'off',
  covered: 'on',
  'on-id': 'on',
  'update-rate': '1000',
};

/** Options that never tell tests apart: the distribution all tests share, transactions, and the range. */
const NOT_DISTINCTIVE = /^(rand-type=uniform|skip-trx(=.*)?|random-points=.*)$/;

const flag = (v: string) => (/^(on|true|yes)$/i.test(v) ? 'on' : /^(off|false|no)$/i.test(v) ? 'off' : v);

/** `--k=v` arguments as the options a command must have for them (a bare `--k` is `on`), distinctive ones only. */
function requiredOptions(args: string[], tableSize: number | undefined): Array<[string, string]> {
  const out = args
    .map((a) => a.replace(/^--/, ''))
    .filter((a) => !NOT_DISTINCTIVE.test(a))
    .map((a): [string, string] => {
      const eq = a.indexOf('=');
      return eq < 0 ? [a, 'on'] : [a.slice(0, eq), flag(a.slice(eq + 1))];
    });
  return tableSize === undefined ? out : [...out, ['table-size', String(tableSize)]];
}

/**
 * The posts' test a sysbench script runs with these options (`oltp_point_select` -> `point-query`,
 * `oltp_update_non_index --rand-type=zipfian` -> `update-zipf`, `oltp_inlist_select.lua --hot-points` ->
 * `hot-points`), so a plain run's tests line up with the posts' names. The mapping is the data above: each
 * test's stock script and mytools script with their arguments. Of the tests a script runs, the one whose
 * distinctive arguments the options all match (the most such arguments wins; an option not given has its
 * default); undefined when no test of the posts runs that script (`bulk_insert`) or its options match none.
 */
export function testTypeOfScript(script: string, options: Record<string, string> = {}): string | undefined {
  const base = script.replace(/^.*\//, '').replace(/\.lua$/, '');
  const value = (k: string) => flag(options[k] ?? SCRIPT_DEFAULTS[k] ?? '');
  let best: { type: string; score: number } | undefined;
  for (const [type, t] of Object.entries(SYSBENCH_TESTS)) {
    const sets = [
      ...(t.stock?.lua === base ? [requiredOptions(t.stock.args(0), t.tableSize)] : []),
      ...(t.mytoolsLua === `${base}.lua` ? [requiredOptions(t.mytoolsArgs(0), t.tableSize)] : []),
    ];
    for (const set of sets) {
      if (!set.every(([k, v]) => value(k) === v)) continue;
      if (!best || set.length > best.score) best = { type, score: set.length };
    }
  }
  return best?.type;
}

/**
 * The range a test ran at: `--random-points` for the tests that read that many points (sysbench's and mytools'
 * default 10), else `--range-size` (default 100); NaN when the options give no number.
 */
export function rangeOfRun(type: string | undefined, options: Record<string, string>): number {
  const t = type === undefined ? undefined : SYSBENCH_TESTS[type];
  const usesPoints =
    t && [...(t.stock?.args(0) ?? []), ...t.mytoolsArgs(0)].some((a) => a.startsWith('--random-points='));
  if (!t) return Number(options['range-size'] ?? options['random-points'] ?? NaN);
  return Number(usesPoints ? (options['random-points'] ?? 10) : (options['range-size'] ?? 100));
}
