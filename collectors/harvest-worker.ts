// A worker thread of harvest-write.ts: harvests run directories (BenchmarkFolder.units) and prepares each run for
// writing (series checked and formatted, raw files redacted and archived), all of it CPU work; the main thread
// places, validates and writes the runs in order. Parsing a run's series is most of harvest's time, and a run
// directory's files make its run alone, so two cores harvest two of them at once.
import { parentPort, workerData } from 'node:worker_threads';
import { BENCHMARK_FOLDERS } from './benchmarks.ts';
import { harvestUnit } from './harvest-any.ts';
import type { HarvestOptions, HarvestUnit } from './lib/benchmark-folder.ts';
import { prepareRun } from './lib/write-run.ts';
import { errorData } from './lib/error-data.ts';

export interface UnitJob {
  id: number;
  folder: string;
  unit: HarvestUnit;
}

const { out, opts } = workerData as { out: string; opts: HarvestOptions };
const port = parentPort!;

// An error that escapes a job ends the worker, which the main thread reports (harvest-write.ts).
port.on('message', (job: UnitJob) => void harvestJob(job));

async function harvestJob(job: UnitJob): Promise<void> {
  const folder = BENCHMARK_FOLDERS.find((b) => b.name === job.folder)!;
  let h;
  try {
    const r = harvestUnit(folder, job.unit, opts);
    h = r.run;
    // Said at once: the main thread then sends the next directory, parsed here while this one is compressed.
    port.postMessage({ id: job.id, harvested: true, refused: r.refused, none: !h });
  } catch (e) {
    port.postMessage({ id: job.id, harvestError: errorData(e) });
    return;
  }
  if (!h) return;
  try {
    const p = await prepareRun(h, out);
    // Moved, not copied: hundreds of MB for a long run. A small Buffer may share Node's pool: copied first.
    const own = (b: Uint8Array) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b));
    p.archive = own(p.archive);
    if (p.series) p.series = own(p.series);
    const moved = [p.archive.buffer, ...(p.series ? [p.series.buffer] : [])] as ArrayBuffer[];
    port.postMessage({ id: job.id, prepared: p }, moved);
  } catch (e) {
    port.postMessage({ id: job.id, run: h.run, prepareError: errorData(e) });
  }
}
