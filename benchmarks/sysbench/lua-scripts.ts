// Which Lua scripts ran a sysbench test, read from its command line, so a page never says "with the mytools Lua
// scripts" of a run that used sysbench's own. mytools' run.sh runs its copies of the scripts by path
// (`.../oltp_point_select.lua`) and passes options only they know; `benchsite run` and most users run
// sysbench's built-in scripts by bare name (`oltp_point_select`).

/** Scripts only mytools has (bench/sysbench.lua/lua). */
const MYTOOLS_ONLY = new Set([
  'oltp_inlist_select',
  'oltp_inlist_update',
  'oltp_points_covered',
  'oltp_range_covered',
  'oltp_read_only_count',
  'oltp_scan',
]);

/** Scripts built into sysbench 1.0 / 1.1 (src/lua/*.lua). */
const STOCK = new Set([
  'bulk_insert',
  'oltp_delete',
  'oltp_insert',
  'oltp_point_select',
  'oltp_read_only',
  'oltp_read_write',
  'oltp_update_index',
  'oltp_update_non_index',
  'oltp_write_only',
  'select_random_points',
  'select_random_ranges',
]);

/** Whether a word is the name of a script sysbench or mytools has (`oltp_read_only`), without `.lua`. */
export function isKnownScript(word: string): boolean {
  return STOCK.has(word) || MYTOOLS_ONLY.has(word);
}

/** Options only the mytools scripts read. */
const MYTOOLS_OPTIONS = /(^|\s)--(pgsql_conn_id|hot-points|covered|on-id)(=|\s|$)/;

export type LuaScripts = 'mytools' | 'stock';

/**
 * What one command line ran: `stock` for a built-in script named bare, `mytools` for a script or option only
 * mytools has, or for a script run by path from a mytools result directory (`inMytoolsLayout`: run.sh's copies);
 * undefined when the line does not say.
 */
export function luaScriptsOfCommand(command: string, inMytoolsLayout: boolean): LuaScripts | undefined {
  const words = command.split(/\s+/).filter(Boolean);
  const script =
    words.find((w) => /\.lua$/.test(w) && !w.includes('=')) ?? words.find((w) => STOCK.has(w) || MYTOOLS_ONLY.has(w));
  if (!script) return undefined;
  const name = script.replace(/^.*\//, '').replace(/\.lua$/, '');
  if (MYTOOLS_ONLY.has(name) || MYTOOLS_OPTIONS.test(command)) return 'mytools';
  if (!script.includes('/') && !script.endsWith('.lua') && STOCK.has(name)) return 'stock';
  if (inMytoolsLayout) return 'mytools';
  // A path to a built-in script's file in sysbench's install, outside the harness: the stock script.
  if (STOCK.has(name) && /\/share\/sysbench\/[^/]+\.lua$/.test(script)) return 'stock';
  return undefined;
}

/**
 * The run's value: the one every test's command agrees on; undefined when none says, or when they disagree
 * (then `mixed` names which tests ran which, for a note).
 */
export function luaScriptsOfRun(
  commands: { test: string; command?: string }[],
  inMytoolsLayout: boolean,
): { luaScripts?: LuaScripts; mixed?: string } {
  const seen = new Map<LuaScripts, string[]>();
  for (const c of commands) {
    if (!c.command) continue;
    const k = luaScriptsOfCommand(c.command, inMytoolsLayout);
    if (k) seen.set(k, [...(seen.get(k) ?? []), c.test]);
  }
  if (seen.size === 1) return { luaScripts: [...seen.keys()][0] };
  if (seen.size === 0) return {};
  return {
    mixed: `tests ran different Lua scripts: mytools for ${seen.get('mytools')!.join(', ')}; sysbench's own for ${seen.get('stock')!.join(', ')}`,
  };
}
