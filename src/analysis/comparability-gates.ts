// Which hard gates of comparability.ts two runs' keys differ on. Apart from the vocabularies (which declare the
// gates and comparabilityKey needs): the compare view's browser bundle imports this file, and the vocabularies'
// tables would triple its size. A key holds `benchmark`, then its benchmark's gates in its vocabulary's order.

/** The name a report acknowledges a gate with (`benchmark`, or one of a vocabulary's `gates`). */
export type GateName = string;

export interface Gate {
  name: GateName;
  /** e.g. `different threads: 40 vs 1 in the base`. */
  text: string;
}

/** The gates on which two keys differ (both known), in the run key's order. */
export function gatesBetween(run: Partial<Record<GateName, string>>, base: Partial<Record<GateName, string>>): Gate[] {
  const gates: Gate[] = [];
  for (const name of ['benchmark', ...Object.keys(run).filter((k) => k !== 'benchmark')]) {
    const a = run[name];
    const b = base[name];
    if (a !== undefined && b !== undefined && a !== b)
      gates.push({ name, text: `different ${name}: ${a} vs ${b} in the base` });
    if (name === 'benchmark' && gates.length) break; // nothing else means anything across benchmarks
  }
  return gates;
}
