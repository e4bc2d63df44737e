// iibench's `Insert rt:` / `Delete rt:` / `Query rt:` histograms of a step's clients -> the test's histograms.
import type { Histogram } from '../../src/schemas/index.ts';
import { inputErrorText } from '../../collectors/lib/input-error.ts';
import type { RawEntry } from '../../collectors/lib/raw-tree.ts';
import { bucketUpperSeconds, type IbOutput } from './parse-ib.ts';

/**
 * Per-client histograms from iibench's last `... rt:` lines, plus their sum (`all`) when there are several clients.
 * When a client's `rt:` lines cannot be read (a header that is no bucket bounds, a line cut short) the step has
 * none, and `error` names the file and line: the step fails, as it does for a bad o.res.
 */
export function histogramsOf(ib: IbOutput[], files: RawEntry[]): { histograms: Histogram[]; error?: string } {
  const bad = ib.findIndex((o) => o.badRt);
  if (bad >= 0) {
    const { line, what } = ib[bad]!.badRt!;
    const todo = 'Give the file as iibench.py wrote it';
    return { histograms: [], error: inputErrorText({ file: files[bad]!.path, where: line, what, todo }) };
  }
  const out: Histogram[] = [];
  for (const op of ['insert', 'delete', 'query'] as const) {
    const per = ib.map((c, i) => ({ h: c.histograms.find((x) => x.op === op), client: i + 1 })).filter((x) => x.h);
    for (const { h, client } of per) {
      out.push({
        name: op,
        client,
        buckets: h!.labels.map((label, j) => ({
          label,
          upperSeconds: bucketUpperSeconds(label),
          count: h!.counts[j]!,
        })),
        maxSeconds: h!.maxSeconds,
      });
    }
    if (per.length > 1) {
      const first = per[0]!.h!;
      out.push({
        name: op,
        client: 'all',
        buckets: first.labels.map((label, j) => ({
          label,
          upperSeconds: bucketUpperSeconds(label),
          count: per.reduce((a, x) => a + (x.h!.counts[j] ?? 0), 0),
        })),
        maxSeconds: Math.max(...per.map((x) => x.h!.maxSeconds)),
      });
    }
  }
  return { histograms: out };
}
