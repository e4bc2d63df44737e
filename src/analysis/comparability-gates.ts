// The hard gates of comparability.ts by name, and which of them two runs' keys differ on. Apart from the
// vocabularies (src/benchmarks/), which comparabilityKey needs: the compare view's browser bundle imports this
// file, and the vocabularies' tables would triple its size.
import type { GATE_NAMES } from '../schemas/index.ts';

/** The hard gates, by the name a report acknowledges them with. */
export const GATES = {
  benchmark: 'benchmark',
  tables: 'sysbench --tables',
  rows: 'sysbench --table-size',
  threads: 'sysbench --threads (concurrency)',
  duration: 'test duration class (under a minute, 1 to 10 minutes, 10 minutes or more)',
  'lua-scripts': 'the Lua scripts that ran (mytools or sysbench\u2019s own)',
  clients: 'clients (concurrency: Insert Benchmark clients, pgbench -c)',
  'rows-initial': 'Insert Benchmark rows loaded by l.i0',
  'rows-write': 'Insert Benchmark rows written by l.i1/l.i2',
  'table-per-client': 'Insert Benchmark table per client',
  'stored-procedures': 'HammerDB stored procedures',
  scale: 'pgbench scaling factor (pgbench -i -s)',
} as const satisfies Record<(typeof GATE_NAMES)[number], string>;

export type GateName = keyof typeof GATES;

export interface Gate {
  name: GateName;
  /** e.g. `different threads: 40 vs 1 in the base`. */
  text: string;
}

/** The gates on which two keys differ (both known). */
export function gatesBetween(run: Partial<Record<GateName, string>>, base: Partial<Record<GateName, string>>): Gate[] {
  const gates: Gate[] = [];
  for (const name of Object.keys(GATES) as GateName[]) {
    const a = run[name];
    const b = base[name];
    if (a !== undefined && b !== undefined && a !== b)
      gates.push({ name, text: `different ${name}: ${a} vs ${b} in the base` });
    if (name === 'benchmark' && gates.length) break; // nothing else means anything across benchmarks
  }
  return gates;
}
