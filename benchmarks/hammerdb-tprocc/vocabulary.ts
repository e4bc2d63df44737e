// Export names and units of the HammerDB metrics that both harvest and `benchsite import` write, so a harvested
// run and a published table can share a report. The system columns are named as the published CSVs name them.
import type { HammerdbWorkload } from './schemas.ts';
import { durationClass, type WorkloadGates, type KeyMetric, type Vocabulary } from '../shapes.ts';

export const HAMMERDB_METRICS = {
  nopm: 'new orders/min',
  /** The DBMS's own commits + rollbacks per minute: counts differ between DBMS, so never compare them across DBMS. */
  tpm: 'DBMS transactions/min',
  iostat_r_per_s: 'reads/s',
  iostat_wmb_per_s: 'MB/s',
  vmstat_r: 'procs',
  vmstat_cs: 'switches/s',
  vmstat_us: '%',
  vmstat_sy: '%',
  vmstat_id: '%',
  vmstat_wa: '%',
  vmstat_us_plus_sy: '%',
  /** The cpuPer of the 2026-03-16 post (small server): (us+sy) / NOPM x 1000. */
  cpu_per_nopm: '(us+sy)% per 1000 NOPM',
} as const;

export type HammerdbMetric = keyof typeof HAMMERDB_METRICS;

/** The metric a test point is compared by: NOPM, comparable across DBMS (TPM is not). */
export function hammerdbPrimaryMetric(has: (metric: HammerdbMetric) => boolean): HammerdbMetric | undefined {
  return (['nopm'] as const).find(has);
}

/** A measured point's test name: `vu<virtual users>.w<warehouses>`, `.sp0`/`.sp1` when a run has both kinds. */
export const HAMMERDB_POINT = /^vu(\d+)\.w(\d+)(\.sp[01])?$/;

/** Whether a test name is a HammerDB measured point as benchsite names them. */
function isHammerdbPointName(test: string): boolean {
  return HAMMERDB_POINT.test(test);
}

/**
 * The workload's values the comparability gates compare (src/analysis/comparability.ts), and its test durations.
 * Compared point by point (virtual users x warehouses: the test names), so runs with different point sets can share
 * a table; the measured duration and stored procedures are run-level.
 */
function hammerdbGateValues(w: HammerdbWorkload): WorkloadGates {
  return {
    duration: w.durationMinutes !== undefined ? durationClass(w.durationMinutes * 60) : undefined,
    'stored-procedures': w.storedProcedures,
  };
}

/** The columns of a run page's test table (metrics a run lacks are left out). */
const HAMMERDB_KEY_METRICS: KeyMetric[] = [
  { metric: 'nopm', title: 'NOPM' },
  { metric: 'tpm', title: 'TPM (DBMS count, not comparable across DBMS)' },
  { metric: 'neword_avg_ms', title: 'NEWORD avg ms' },
  { metric: 'neword_p95_ms', title: 'NEWORD p95 ms' },
  { metric: 'payment_p95_ms', title: 'PAYMENT p95 ms' },
  { metric: 'vmstat_us_plus_sy', title: 'us+sy %' },
  { metric: 'vmstat_cs', title: 'cs/s' },
  { metric: 'cpu_per_nopm', title: 'cpuPer' },
  { metric: 'iostat_r_per_s', title: 'r/s' },
  { metric: 'iostat_wmb_per_s', title: 'wMB/s' },
];

/** What the site and the collectors ask of HammerDB TPROC-C (its benchmark.ts). */
export const vocabulary: Vocabulary<HammerdbWorkload> = {
  primaryMetric: (_test, has) => hammerdbPrimaryMetric(has),
  isTestName: isHammerdbPointName,
  gates: {
    duration: 'test duration class (under a minute, 1 to 10 minutes, 10 minutes or more) of its measured minutes',
    'stored-procedures': 'stored procedures',
  },
  gateValues: hammerdbGateValues,
  // Its warehouses are in each test's name.
  size: () => [],
  runPage: {
    keyMetrics: HAMMERDB_KEY_METRICS,
    seriesCharts: [
      {
        series: 'tpm',
        column: 'tpm',
        title: 'Transactions per minute over time (HammerDB transaction counter)',
        yTitle: 'tpm',
      },
    ],
  },
  // The transaction counter counts the DBMS's transactions (tpm), not new orders: NOPM is a steady share of them,
  // so its interval is tpm's inside the measured window (the ramp-up would widen it), scaled by nopm / tpm.
  noiseFrom: 'HammerDB transaction counts',
  noise: [{ metric: 'nopm', series: 'tpm', column: 'tpm', onlyWhere: 'measured', scaledFrom: 'tpm' }],
};
