// One run directory (BenchmarkFolder.units) harvested and its run prepared for writing (series checked and
// formatted, raw files redacted and archived), all of it CPU work: what a harvest worker thread does
// (harvest-worker.ts), and the main thread too, as one of the threads harvesting (harvest-write.ts).
import type { Run } from '../src/schemas/index.ts';
import { folderOf } from './benchmarks.ts';
import { harvestUnit } from './harvest-any.ts';
import type { HarvestOptions, HarvestUnit } from './lib/benchmark-folder.ts';
import { errorData, type ErrorData } from './lib/error-data.ts';
import type { Refusal } from './lib/harvested.ts';
import { archiveAhead } from './lib/raw-archive.ts';
import { prepareRun, type PreparedRun } from './lib/write-run.ts';

export interface UnitJob {
  id: number;
  folder: string;
  unit: HarvestUnit;
}

/** What a job says, in order: harvested (or not), then its run prepared (or not). */
export type UnitMessage =
  | { id: number; harvested: true; refused: Refusal[]; none: boolean }
  | { id: number; harvestError: ErrorData }
  | { id: number; prepared: PreparedRun }
  | { id: number; run: Run; prepareError: ErrorData };

/**
 * Harvest a unit, then prepare its run. Its archive is started first (archiveAhead), so the thread pool
 * compresses while this thread parses; harvested is said at once, so the next unit is harvested here while
 * the pool finishes this one's archive.
 */
export async function unitJob(
  job: UnitJob,
  opts: HarvestOptions,
  out: string,
  send: (m: UnitMessage) => void,
): Promise<void> {
  const ahead = archiveAhead(job.unit.entries);
  let h;
  try {
    const r = harvestUnit(folderOf(job.folder), job.unit, opts);
    h = r.run;
    send({ id: job.id, harvested: true, refused: r.refused, none: !h });
  } catch (e) {
    send({ id: job.id, harvestError: errorData(e) });
    return;
  }
  if (!h) return;
  try {
    send({ id: job.id, prepared: await prepareRun(h, out, { archiving: ahead.take(h) }) });
  } catch (e) {
    send({ id: job.id, run: h.run, prepareError: errorData(e) });
  }
}
