// The run journal, `benchsite-journal.jsonl` in each raw run directory: one JSON line per event, appended,
// so an interrupted run shows exactly which steps finished. `--resume` skips those; harvest reads the times.
import { appendFile, readFile } from 'node:fs/promises';

export const JOURNAL = 'benchsite-journal.jsonl';

export type JournalEvent =
  | { event: 'plan'; at: string; spec: string; planHash: string; steps: string[] }
  | { event: 'start'; at: string; step: string; files?: string[] }
  | { event: 'done'; at: string; step: string; code: number | null; seconds: number }
  | { event: 'failed'; at: string; step: string; code: number | null; reason: string }
  | { event: 'interrupted'; at: string; step: string; reason: string }
  | { event: 'moved'; at: string; step: string; to: string }
  | { event: 'harvested'; at: string; id: string };

export function parseJournal(text: string): JournalEvent[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as JournalEvent];
      } catch {
        return []; // a line cut off by a crash
      }
    });
}

/** Steps that ended (done or failed): a resumed run does not repeat them. */
export function finishedSteps(events: JournalEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) if (e.event === 'done' || e.event === 'failed') out.add(e.step);
  return out;
}

/** Steps that started and never ended: their partial files are moved aside before the step runs again. */
export function unfinishedSteps(events: JournalEvent[]): Array<{ step: string; files: string[] }> {
  const started = new Map<string, string[]>();
  for (const e of events) {
    if (e.event === 'start') started.set(e.step, e.files ?? []);
    else if ((e.event === 'done' || e.event === 'failed' || e.event === 'moved') && started.has(e.step))
      started.delete(e.step);
  }
  return [...started].map(([step, files]) => ({ step, files }));
}

/** Start and end time of each step, for harvest. */
export function stepTimes(events: JournalEvent[]): Map<string, { startedAt?: string; endedAt?: string }> {
  const out = new Map<string, { startedAt?: string; endedAt?: string }>();
  for (const e of events) {
    if (e.event === 'start') out.set(e.step, { startedAt: e.at });
    else if ((e.event === 'done' || e.event === 'failed') && out.has(e.step)) out.get(e.step)!.endedAt = e.at;
  }
  return out;
}

export async function readJournal(path: string): Promise<JournalEvent[]> {
  try {
    return parseJournal(await readFile(path, 'utf8'));
  } catch {
    return [];
  }
}

export async function appendJournal(path: string, e: JournalEvent): Promise<void> {
  await appendFile(path, `${JSON.stringify(e)}\n`);
}
