// A HammerDB run's workload from its tests: lists of the measured points, and each setting only when every
// test agrees on it (each test's params keep its own). Shared by harvest and `benchsite import`.
import type { Test } from '../../src/schemas/index.ts';
import type { HammerdbWorkload } from './schemas.ts';

/** The value when every test that has it agrees, else undefined. */
function common<T>(values: Array<T | undefined>): T | undefined {
  const set = [...new Set(values.filter((v): v is T => v !== undefined))];
  return set.length === 1 ? set[0] : undefined;
}

const sortedUnique = (xs: unknown[]) =>
  [...new Set(xs.filter((x): x is number => typeof x === 'number'))].sort((a, b) => a - b);

/** Builds are tests named `build...`; the rest are measured points. */
export function workloadOfTests(tests: Test[], given: Partial<HammerdbWorkload> = {}): HammerdbWorkload {
  const points = tests.filter((t) => !t.name.startsWith('build'));
  const builds = tests.filter((t) => t.name.startsWith('build'));
  const p = <T>(list: Test[], k: string) => list.map((t) => t.params?.[k] as T | undefined);
  const w: HammerdbWorkload = {
    kind: 'hammerdb-tprocc',
    workload: given.workload,
    warehouses: sortedUnique(p(points, 'warehouses')),
    virtualUsers: sortedUnique(p(points, 'virtualUsers')),
    buildVirtualUsers: given.buildVirtualUsers ?? common(p<number>(builds, 'virtualUsers')),
    rampupMinutes: common(p<number>(points, 'rampupMinutes')),
    durationMinutes: common(p<number>(points, 'durationMinutes')),
    storedProcedures: common(p<boolean>(tests, 'storedProcedures')),
    partitioned: common(p<boolean>(tests, 'partitioned')),
    allWarehouses: common(p<boolean>(points, 'allWarehouses')),
    timeProfile: common(p<boolean>(points, 'timeProfile')),
  };
  if (!w.warehouses?.length) delete w.warehouses;
  if (!w.virtualUsers?.length) delete w.virtualUsers;
  return w;
}
