// The worker thread of findRunStampsAside (run-stamps.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { findRunStamps } from './run-stamps.ts';

const found = findRunStamps((workerData as { runsDir: string }).runsDir);
parentPort!.postMessage('odd' in found ? found : { runs: [...found.runs] });
