// What every page that shows an interval says about it: the method (src/engine/noise.ts) and each benchmark's
// per-interval series, in its vocabulary's words (`noiseFrom`).
import { BENCHMARKS } from '../../benchmarks/index.ts';
import type { Vocabulary } from '../../benchmarks/shapes.ts';

const SERIES = BENCHMARKS.flatMap((b) => (b.vocabulary as Vocabulary).noiseFrom ?? []);

/** The note on noise (plain text; pages escape it). */
export const NOISE_EXPLANATION =
  `Noise: 95 % confidence intervals of each throughput figure come from its own per-interval series (${SERIES.join(', ')}) ` +
  'by the method of batch means (10 batches; Schmeiser 1982, Law & Kelton 2000), and for relative values by ' +
  'Fieller\u2019s interval of a ratio. A relative value whose interval includes 1.0 is within noise and shown ' +
  'muted. This measures the noise within a run only: the variance between runs (a restart, another day, another ' +
  'data layout) is not seen unless a run was repeated, and tests shorter than 10 intervals have no interval.';
