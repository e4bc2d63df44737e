// Import fixture inputs (files or directories) in memory, as `benchsite import` would.
import { importArchives } from '../../collectors/import-archive.ts';
import { loadRawInput } from '../../collectors/lib/raw-input.ts';
import { runId } from '../../src/runs/run-id.ts';
import type { Meta } from '../../src/schemas/index.ts';
import { FIXTURES } from './fixtures.ts';

export async function importFixture(paths: string[], meta?: Meta, bases: string[] = []) {
  const trees = await Promise.all(paths.map((p) => loadRawInput(FIXTURES + p)));
  const result = importArchives(trees, { meta, bases });
  return {
    ...result,
    byLabel: new Map(result.runs.map((h) => [h.run.label, { id: runId(h.run), ...h }])),
  };
}
