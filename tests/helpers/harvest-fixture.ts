// Harvest a fixture input (directory, file or .tar.gz) in memory, as `benchsite harvest` would.
import { loadRawInput } from '../../collectors/lib/raw-input.ts';
import { harvestAny } from '../../collectors/harvest-any.ts';
import { runId } from '../../src/runs/run-id.ts';
import type { Meta } from '../../src/schemas/index.ts';
import { FIXTURES } from './fixtures.ts';

export async function harvestFixture(path: string, meta?: Meta) {
  const result = harvestAny(await loadRawInput(FIXTURES + path), { meta });
  return {
    ...result,
    runs: result.runs.map((h) => ({ id: runId(h.run), ...h })),
    byLabel: new Map(result.runs.map((h) => [h.run.label, { id: runId(h.run), ...h }])),
  };
}
