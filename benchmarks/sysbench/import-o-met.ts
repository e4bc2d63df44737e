// `o.met.<tag>` of the mytools sysbench harness (sum_met.sh): the sb.met values of several runs side by side,
// one block per test. Parsed as printed. Pure.
//
//   sb.met.point-query.range100.pk1.dop1          (or sb.prepare.met.<test>.range<N>.pk<P> for the table load)
//   --- absolute
//   cpu/o<TAB><TAB>cs/o<TAB>r/o<TAB>rKB/o<TAB>wKB/o<TAB>o/s<TAB>dbms
//   0.000516<TAB>3.825<TAB>0<TAB>0<TAB>0.003<TAB>24515<TAB>x.my5651_rel_o2nofp.z12a_c8r32.pk1
//   --- relative to first result
//   1.19<TAB><TAB>1.00<TAB>1<TAB>1<TAB>0.00<TAB>0.88<TAB>x.my5744_rel_o2nofp.z12a_c8r32.pk1
// The header and relative rows have an empty second column and absolute rows do not, so lines split on runs
// of white space; columns are read by the header's names.
import { fields, parseNumber } from '../../collectors/lib/numbers.ts';
import { InputError } from '../../collectors/lib/input-error.ts';

interface MetRow {
  /** 1-based line in the file. */
  line: number;
  label: string;
  /** Cells as printed, one per column. */
  cells: string[];
}

export interface MetBlock {
  /** 1-based line of the block's name. */
  line: number;
  /** The block's name, e.g. `sb.met.point-query.range100.pk1.dop1`. */
  name: string;
  /** `sb.prepare.met`: the table load, normalised by rows inserted per second. */
  prepare: boolean;
  testType: string;
  range: number;
  primaryKey: boolean;
  /** Client threads (`.dop<N>`); the load has none. */
  threads?: number;
  /** Column names of the header, without `dbms`: `cpu/o`, `cs/o`, `r/o`, `rKB/o`, `wKB/o`, `o/s`. */
  columns: string[];
  /** One row per run, the first is the base of the relative rows. */
  absolute: Array<MetRow & { values: number[] }>;
  /** One row per run after the first: its cells divided by the first run's (%.2f; `1` when both are 0). */
  relative: MetRow[];
}

const NAME = /^sb\.(prepare\.)?met\.(.+)\.range(\d+)\.pk([01])(?:\.dop(\d+))?$/;

/** Every block of an o.met file. Throws with file and line for anything not shaped as above. */
export function parseOMet(text: string, file: string): MetBlock[] {
  const lines = text.replace(/\r/g, '').split('\n');
  const blocks: MetBlock[] = [];
  let i = 0;
  const at = (k: number) => `${file}:${k + 1}`;
  while (i < lines.length) {
    const name = lines[i]!.trim();
    if (name === '') {
      i++;
      continue;
    }
    const m = NAME.exec(name);
    if (!m)
      throw new InputError(
        `${at(i)}: ${JSON.stringify(name.slice(0, 60))} is not a block name like sb.met.<test>.range<N>.pk1.dop<T>`,
      );
    const start = i;
    if (lines[++i] !== '--- absolute') throw new InputError(`${at(i)}: expected "--- absolute" after ${name}`);
    const header = fields(lines[++i] ?? '');
    if (header.at(-1) !== 'dbms' || header.length < 2)
      throw new InputError(`${at(i)}: expected the column header (cpu/o cs/o ... dbms) of ${name}`);
    const columns = header.slice(0, -1);
    const block: MetBlock = {
      line: start + 1,
      name,
      prepare: m[1] !== undefined,
      testType: m[2]!,
      range: Number(m[3]),
      primaryKey: m[4] === '1',
      threads: m[5] ? Number(m[5]) : undefined,
      columns,
      absolute: [],
      relative: [],
    };
    for (i++; i < lines.length && !lines[i]!.startsWith('---'); i++) {
      const r = metRow(lines[i]!, i, file, columns, name);
      const values = r.cells.map((c, k) => {
        const v = parseNumber(c);
        if (v === undefined)
          throw new InputError(`${at(i)}: ${columns[k]} of ${r.label}: ${JSON.stringify(c)} is not a number`);
        return v;
      });
      block.absolute.push({ ...r, values });
    }
    if (lines[i] !== '--- relative to first result')
      throw new InputError(
        `${at(i)}: the block ${name} ends before its "--- relative to first result" part: is the file truncated?`,
      );
    if (block.absolute.length === 0) throw new InputError(`${at(i)}: the block ${name} has no absolute rows`);
    for (i++; i < lines.length && lines[i]!.trim() !== '' && !NAME.test(lines[i]!.trim()); i++) {
      const r = metRow(lines[i]!, i, file, columns, name);
      for (const [k, c] of r.cells.entries())
        if (c !== 'inf' && parseNumber(c) === undefined)
          throw new InputError(`${at(i)}: relative ${columns[k]} of ${r.label}: ${JSON.stringify(c)} is not a number`);
      block.relative.push(r);
    }
    blocks.push(block);
  }
  if (blocks.length === 0)
    throw new InputError(`${file}: no blocks; an o.met file has one per test (sb.met.<test>...)`);
  return blocks;
}

function metRow(line: string, i: number, file: string, columns: string[], block: string): MetRow {
  const f = fields(line);
  if (f.length !== columns.length + 1)
    throw new InputError(
      `${file}:${i + 1}: ${f.length} fields in ${block}, the header has ${columns.length} columns and dbms: is the line cut short?`,
    );
  return { line: i + 1, label: f.at(-1)!, cells: f.slice(0, -1) };
}
