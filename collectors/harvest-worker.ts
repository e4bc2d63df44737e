// A worker thread of harvest-write.ts: harvests run directories and prepares their runs (harvest-unit-job.ts);
// the main thread places, validates and writes the runs in order. Parsing a run's series is most of harvest's
// time, and a run directory's files make its run alone, so every core harvests one at once.
import { parentPort, workerData } from 'node:worker_threads';
import type { HarvestOptions } from './lib/benchmark-folder.ts';
import { unitJob, type UnitJob, type UnitMessage } from './harvest-unit-job.ts';

const { out, opts } = workerData as { out: string; opts: HarvestOptions };
const port = parentPort!;

/** Sent to the main thread; a prepared run's archive and series are moved, not copied (hundreds of MB). */
function send(m: UnitMessage): void {
  if (!('prepared' in m)) return port.postMessage(m);
  const p = m.prepared;
  // Bytes that are a view of a larger buffer (a small Buffer of Node's pool, series.json's bytes) are copied first.
  const own = (b: Uint8Array) => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : new Uint8Array(b));
  p.archive = own(p.archive);
  if (p.series) p.series = own(p.series);
  port.postMessage(m, [p.archive.buffer, ...(p.series ? [p.series.buffer] : [])] as ArrayBuffer[]);
}

// An error that escapes a job ends the worker, which the main thread reports (harvest-write.ts).
port.on('message', (job: UnitJob) => void unitJob(job, opts, out, send));
