// Run spec -> the steps of a hammerdb-tprocc run. Not available yet: the plan says so and runs nothing.
import type { HammerdbSpec, SpecDbms } from '../../src/schemas/index.ts';
import type { Plan } from '../lib/steps.ts';

export function planHammerdb(_spec: HammerdbSpec, _dbms: SpecDbms[]): Plan {
  return { runs: [], skipped: [{ test: 'hammerdb-tprocc', reason: 'benchsite cannot run the hammerdb-tprocc yet; harvest its output instead' }] };
}
