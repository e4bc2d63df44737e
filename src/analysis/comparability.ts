// Can two runs be compared? Hard gates block a comparison with a message; softer differences are listed
// beside the table so the reader can judge.
import type { Run } from '../schemas/index.ts';

export interface Comparability {
  /** Reasons the run must not be compared with the base. */
  blocking: string[];
  /** Differences worth reading next to the numbers (host, kernel, tool version, build). */
  notes: string[];
}

function workloadKey(run: Run): Record<string, unknown> {
  const w = run.workload;
  switch (w.kind) {
    case 'sysbench':
      return { tables: w.tables, rows: w.rows, threads: w.threads.join(',') };
    case 'insert-benchmark':
      return {
        clients: w.clients,
        rowsInitial: w.rowsInitial,
        rowsWrite: w.rowsWrite,
        tablePerClient: w.tablePerClient,
      };
    case 'hammerdb-tprocc':
      // Compared point by point (virtual users x warehouses) in the report, so runs with different point sets
      // can still share a table; there is no run-level gate.
      return {};
  }
}

const tools = (r: Run) => r.provenance.tools.map((t) => `${t.name} ${t.version}`).join(', ');

export function comparability(run: Run, base: Run): Comparability {
  const blocking: string[] = [];
  const notes: string[] = [];
  if (run.benchmark !== base.benchmark) blocking.push(`different benchmark: ${run.benchmark} vs ${base.benchmark}`);
  else {
    const a = workloadKey(run);
    const b = workloadKey(base);
    for (const k of Object.keys(a)) {
      if (a[k] !== undefined && b[k] !== undefined && a[k] !== b[k])
        blocking.push(`different ${k}: ${a[k]} vs ${b[k]} in the base`);
    }
  }
  if (run.host.name !== base.host.name) notes.push(`host ${run.host.name} (base: ${base.host.name})`);
  if (run.host.kernel && base.host.kernel && run.host.kernel !== base.host.kernel)
    notes.push(`kernel ${run.host.kernel} (base: ${base.host.kernel})`);
  if (tools(run) && tools(base) && tools(run) !== tools(base)) notes.push(`${tools(run)} (base: ${tools(base)})`);
  if (run.dbms.build !== base.dbms.build && (run.dbms.build || base.dbms.build))
    notes.push(`build ${run.dbms.build ?? 'none'} (base: ${base.dbms.build ?? 'none'})`);
  return { blocking, notes };
}

/**
 * The size of a run's workload in words (`1 table × 20,000 rows, 1 thread`; `1,000,000 rows, 1 client`): runs of
 * different sizes are separate series in history. '' when the benchmark has no run-level size (HammerDB's
 * warehouses are in each test's name) or the run does not say.
 */
export function workloadSize(w: Run['workload'], label?: string): string {
  const n = (x: number | undefined) => (x === undefined ? undefined : x.toLocaleString('en-US'));
  const parts: string[] = [];
  switch (w.kind) {
    case 'sysbench':
      if (w.tables !== undefined || w.rows !== undefined)
        parts.push(`${n(w.tables) ?? '?'} table${w.tables === 1 ? '' : 's'} × ${n(w.rows) ?? '?'} rows`);
      if (w.threads.length)
        parts.push(`${w.threads.join(', ')} thread${w.threads.length === 1 && w.threads[0] === 1 ? '' : 's'}`);
      break;
    case 'insert-benchmark':
      if (w.rowsInitial !== undefined) parts.push(`${n(w.rowsInitial)} rows`);
      else {
        // Summary-only runs may not know it; the harness names result directories <rows>m.<build>.
        const m = /^(\d+(?:\.\d+)?)m\./.exec(label ?? '');
        if (m) parts.push(`${m[1]}M rows`);
      }
      if (w.clients !== undefined) parts.push(`${w.clients} client${w.clients === 1 ? '' : 's'}`);
      break;
    case 'hammerdb-tprocc':
      break;
  }
  return parts.join(', ');
}
