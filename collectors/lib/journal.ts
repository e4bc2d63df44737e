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

/** The fields each event must have, with their types: a line missing one is not an event. */
const FIELDS: Record<JournalEvent['event'], Record<string, 'string' | 'number' | 'code' | 'strings'>> = {
  plan: { at: 'string', spec: 'string', planHash: 'string', steps: 'strings' },
  start: { at: 'string', step: 'string' },
  done: { at: 'string', step: 'string', code: 'code', seconds: 'number' },
  failed: { at: 'string', step: 'string', code: 'code', reason: 'string' },
  interrupted: { at: 'string', step: 'string', reason: 'string' },
  moved: { at: 'string', step: 'string', to: 'string' },
  harvested: { at: 'string', id: 'string' },
};

function isEvent(v: unknown): v is JournalEvent {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  const fields = Object.hasOwn(FIELDS, String(o.event)) ? FIELDS[o.event as JournalEvent['event']] : undefined;
  if (!fields) return false;
  for (const [k, type] of Object.entries(fields)) {
    const x = o[k];
    const ok =
      type === 'strings'
        ? Array.isArray(x) && x.every((s) => typeof s === 'string')
        : type === 'code'
          ? x === null || (typeof x === 'number' && Number.isFinite(x))
          : type === 'number'
            ? typeof x === 'number' && Number.isFinite(x)
            : typeof x === 'string';
    if (!ok) return false;
  }
  // Times are what benchsite writes (toISOString); anything else would become a run's start or end.
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(o.at as string) || Number.isNaN(Date.parse(o.at as string)))
    return false;
  if (o.files !== undefined && !(Array.isArray(o.files) && o.files.every((s) => typeof s === 'string'))) return false;
  return true;
}

/**
 * The events of a journal. Lines that are not an event are left out: a line cut off by a crash, and anything
 * else that is not what `benchsite run` writes (`null`, a hand edit): the journal only adds times and failure
 * reasons to files that are read on their own, so a damaged line costs those, never the run.
 */
export function parseJournal(text: string): JournalEvent[] {
  return text
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        const v: unknown = JSON.parse(l);
        return isEvent(v) ? [v] : [];
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

/** The span of a run from its steps' times: the earliest start and the latest end. */
export function timeSpan(times: Iterable<{ startedAt?: string; endedAt?: string }>): {
  startedAt?: string;
  endedAt?: string;
} {
  const all = [...times];
  const sorted = (xs: (string | undefined)[]) => xs.filter((x): x is string => !!x).sort();
  return { startedAt: sorted(all.map((t) => t.startedAt))[0], endedAt: sorted(all.map((t) => t.endedAt)).pop() };
}
