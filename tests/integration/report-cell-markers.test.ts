// Every coloured cell of every report page says what its colour says without colour (issue 25): ▲ / ▼ and the
// words for screen readers on relative cells, and on the Insert Benchmark's throughput quartiles (green and
// red), its values voided by a missed SLA (grey) and its background rates below target (red).
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../helpers/build-site.ts';
import { htmlTables } from '../helpers/html-tables.ts';

const COLOURED = /\b(improvement|regression|q-top|q-bottom|sla-failed|sla-miss)\b/;

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pages(join(dir, e.name)) : e.name === 'index.html' ? [join(dir, e.name)] : [],
  );
}

describe('report cells are never marked by colour alone', () => {
  it('every coloured cell of every report page carries its marker', () => {
    const files = pages(join(buildSite(), 'reports'));
    const seen = new Map<string, number>();
    const bare: string[] = [];
    for (const file of files)
      for (const t of htmlTables(readFileSync(file, 'utf8')))
        for (const row of t.rows)
          for (const cell of row.cells) {
            const kind = COLOURED.exec(cell.attrs.class ?? '')?.[1];
            if (cell.tag !== 'td' || !kind) continue;
            seen.set(kind, (seen.get(kind) ?? 0) + 1);
            // The symbol for the eye, the words for a screen reader.
            if (
              !/<span class="mark" aria-hidden="true">[^<]+<\/span><span class="visually-hidden"> [^<]+<\/span>/.test(
                cell.inner,
              )
            )
              bare.push(`${file}: ${cell.attrs.class} ${cell.text}`);
          }
    expect(bare).toEqual([]);
    for (const kind of ['improvement', 'regression', 'q-top', 'q-bottom', 'sla-miss'])
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
  });
});
