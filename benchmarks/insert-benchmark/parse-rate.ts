// `o.rate.c.<3|5|7>` (docs/formats/insert-benchmark.md 1.6): per client, the mean insert (3), delete (5) or query (7) rate of each
// tenth of the step, as np.sh computed it from the interval lines: `v1,...,v10,<client>:DBMS`.
import type { Series } from '../../src/schemas/index.ts';
import { lines } from '../../collectors/lib/numbers.ts';

const FIELD_METRIC: Record<string, string> = { '3': 'inserts_per_s', '5': 'deletes_per_s', '7': 'queries_per_s' };

/** One series of the three files together: a row per client and tenth of the step. */
export function rateTenthsSeries(files: Array<{ field: string; text: string }>): Series | undefined {
  const byKey = new Map<string, Array<number | null>>();
  const present = files.filter((f) => FIELD_METRIC[f.field]).sort((a, b) => Number(a.field) - Number(b.field));
  present.forEach((f, k) => {
    for (const line of lines(f.text)) {
      const cells = line.split(',');
      const client = /^(\d+):/.exec(cells[cells.length - 1] ?? '')?.[1];
      if (!client) continue;
      cells.slice(0, -1).forEach((v, slice) => {
        const key = `${client}:${slice + 1}`;
        let row = byKey.get(key);
        if (!row) byKey.set(key, (row = [Number(client), slice + 1, ...present.map(() => null)]));
        row[2 + k] = v === '' || Number.isNaN(Number(v)) ? null : Number(v);
      });
    }
  });
  if (byKey.size === 0) return undefined;
  return {
    name: 'iibench.tenths',
    columns: [
      { name: 'client', unit: 'client' },
      { name: 'tenth', unit: 'tenth of the step' },
      ...present.map((f) => ({
        name: FIELD_METRIC[f.field]!,
        unit: f.field === '3' ? 'inserts/s' : f.field === '5' ? 'deletes/s' : 'queries/s',
      })),
    ],
    rows: [...byKey.values()].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!),
  };
}
