// The checks of the mytools summary tables against each other: a .csv copy against its .tsv, qps.rel against
// qps.abs, o.met's relative rows against its absolute rows. Every disagreement is a warning. Pure.
import { printedRatio, ratioAgrees } from '../../collectors/lib/printed-ratio.ts';
import type { MetBlock } from './import-o-met.ts';
import type { QpsRow, QpsTable } from './import-qps-abs.ts';

/** The .csv copy must hold the .tsv's cells. */
export function compareCopy(table: QpsTable, rows: QpsRow[], file: string, warn: (t: string) => void) {
  const byTest = new Map(table.rows.map((r) => [r.test, r]));
  for (const r of rows) {
    const t = byTest.get(r.test);
    if (!t) warn(`${file}:${r.line}: ${r.test} is not in ${table.file}`);
    else
      r.cells.forEach((c, k) => {
        if (c !== t.cells[k])
          warn(
            `${file}:${r.line}: ${r.test}, column ${k + 1} (${table.columns[k]}): ${c} here, ${t.cells[k]} in ${table.file}`,
          );
      });
  }
  if (rows.length !== table.rows.length) warn(`${file}: ${rows.length} tests, ${table.file} has ${table.rows.length}`);
}

/** Every cell of qps.rel against column / first column of qps.abs, to the printed precision. */
export function checkRelative(abs: QpsTable, rel: QpsTable, warn: (t: string, label?: string) => void) {
  if (rel.base !== abs.columns[0])
    warn(`${rel.file}:1: relative to ${rel.base}, but the first column of ${abs.file} is ${abs.columns[0]}`);
  const others = abs.columns.slice(1);
  if (rel.columns.join('\n') !== others.join('\n'))
    warn(
      `${rel.file}: its columns (${rel.columns.join(', ')}) are not the other columns of ${abs.file} (${others.join(', ')})`,
    );
  const byTest = new Map(abs.rows.map((r) => [r.test, r]));
  for (const r of rel.rows) {
    const a = byTest.get(r.test);
    if (!a) {
      warn(`${rel.file}:${r.line}: ${r.test} is not in ${abs.file}`);
      continue;
    }
    r.cells.forEach((cell, k) => {
      const label = others[k];
      if (label === undefined) return;
      const other = a.values[k + 1]!;
      const base = a.values[0]!;
      if (!ratioAgrees(cell, other, base))
        warn(
          `${rel.file}:${r.line}: ${r.test}, column ${k + 1} (${label}): printed ${cell}, benchsite computes ${printedRatio(cell, other, base)} (${other} / ${base} from ${abs.file}:${a.line})`,
          label,
        );
    });
  }
}

/** The relative rows of an o.met block against its absolute rows. */
export function checkMetRelative(b: MetBlock, file: string, warn: (t: string, label?: string) => void) {
  const base = b.absolute[0]!;
  b.relative.forEach((r, k) => {
    const a = b.absolute[k + 1];
    if (!a || a.label !== r.label) {
      warn(`${file}:${r.line}: ${b.name}: relative row ${r.label} has no absolute row in the same place`);
      return;
    }
    r.cells.forEach((cell, c) => {
      if (!ratioAgrees(cell, a.values[c]!, base.values[c]!))
        warn(
          `${file}:${r.line}: ${b.name}, ${b.columns[c]} of ${r.label}: printed ${cell}, benchsite computes ${printedRatio(cell, a.values[c]!, base.values[c]!)} (${a.cells[c]} / ${base.cells[c]})`,
          r.label,
        );
    });
  });
}
