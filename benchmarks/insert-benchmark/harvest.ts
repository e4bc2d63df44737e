// Insert Benchmark raw files -> runs. Pure: gets the files, returns runs (docs/formats/insert-benchmark.md 1, vmstat-iostat.md 4).
//
// A mytools ibench result directory `<rows>m.<build>.c<config>/` (as rall1.sh + ra1.sh name it, usually under
// `<dop>u.1t<yes|no>/`) holds one directory per step (l.i0 l.x l.i1 l.i2 qr100.L1 ... and the older names of
// docs/formats/insert-benchmark.md 1.2), each with o.res.dop<N>, o.ib.dop<N>.<client>, o.vm/o.io.dop<N>, o.rt.*, o.rate.* and the DBMS
// dumps; the config file (my.cnf / conf.diff) and server logs sit beside the steps. One run per directory.
// Trees that hold only the harness's summaries (o.sum.t.*, mrg.*) are read by harvest-summaries.ts.
import { isStepName } from './vocabulary.ts';
import type { HarvestResult } from '../../collectors/lib/harvested.ts';
import { JOURNAL } from '../../collectors/lib/journal.ts';
import { sha256Hex } from '../../collectors/lib/provenance.ts';
import { type RawEntry, type RawTree } from '../../collectors/lib/raw-tree.ts';
import { harvestSummaries, isSummaryFile } from './harvest-summaries.ts';
import { harvestResultDir } from './harvest-dir.ts';
import type { HarvestOptions } from '../../collectors/lib/benchmark-folder.ts';

/** Step files that make a directory a step of a result directory. */
const STEP_FILE = /^o\.(res|ib)\.dop\d+/;

/** Harvest every Insert Benchmark run found in a raw tree. */
export function harvestInsertBenchmark(tree: RawTree, opts: HarvestOptions = {}): HarvestResult {
  const found = resultDirectories(tree.entries);
  if (found.length === 0) return harvestSummaries(tree, opts);
  const result: HarvestResult = { runs: [], skipped: [] };
  const { dirs, copies } = withoutCopies(tree.entries, found);
  for (const [copy, of] of copies) {
    for (const e of tree.entries.filter((x) => x.path.startsWith(`${copy}/`))) {
      result.skipped.push({
        path: e.path,
        reason: `in a copy of the result directory ${of} (same o.res files, as the mytools report scripts make); harvested once, from ${of}`,
      });
    }
  }
  const used = new Set<string>(result.skipped.map((s) => s.path));
  for (const dir of dirs) {
    const prefix = dir ? `${dir}/` : '';
    const entries = tree.entries.filter((e) => e.path.startsWith(prefix));
    entries.forEach((e) => used.add(e.path));
    const label = dir ? dir.slice(dir.lastIndexOf('/') + 1) : tree.name;
    result.runs.push(
      harvestResultDir(
        label,
        dir || tree.name,
        entries.map((e) => ({ ...e, path: e.path.slice(prefix.length) })),
        dir,
        opts,
      ),
    );
  }
  for (const e of tree.entries) {
    if (used.has(e.path)) continue;
    result.skipped.push({
      path: e.path,
      reason: isSummaryFile(e.path)
        ? 'a mytools report or summary file: benchsite computes these from the raw runs beside it'
        : 'not part of an Insert Benchmark result directory',
    });
  }
  return result;
}

/** Directories (relative to the tree) that have at least one step directory with an o.res or o.ib file. */
function resultDirectories(entries: RawEntry[]): string[] {
  const dirs = new Set<string>();
  for (const e of entries) {
    const parts = e.path.split('/');
    if (parts.length >= 2 && STEP_FILE.test(parts[parts.length - 1]!) && isStepName(parts[parts.length - 2]!))
      dirs.add(parts.slice(0, -2).join('/'));
  }
  // The partial output of an interrupted step that `benchsite run --resume` set aside is part of its run, not a run.
  const runs = new Set(
    entries
      .filter((e) => e.path === JOURNAL || e.path.endsWith(`/${JOURNAL}`))
      .map((e) => e.path.slice(0, -JOURNAL.length)),
  );
  const setAside = (d: string) => [...runs].some((r) => d.startsWith(`${r}attempts/`));
  return [...dirs].filter((d) => !setAside(d)).sort();
}

/**
 * report.sh copies each result directory next to its tables (and adds o.sum.* and gpi.* files). Two directories
 * with the same name and byte-identical o.res files are one run: keep the one with fewer files (the original).
 */
function withoutCopies(entries: RawEntry[], dirs: string[]): { dirs: string[]; copies: Map<string, string> } {
  const name = (d: string) => d.slice(d.lastIndexOf('/') + 1);
  const filesOf = (d: string) => entries.filter((e) => e.path.startsWith(`${d}/`));
  const resKey = (d: string) =>
    filesOf(d)
      .filter((e) => /\/o\.res\.dop\d+$/.test(e.path))
      .map((e) => `${e.path.slice(d.length)}:${sha256Hex(e.data)}`)
      .sort()
      .join('\n');
  const copies = new Map<string, string>();
  const kept: string[] = [];
  for (const d of dirs) {
    const twin = kept.find((k) => name(k) === name(d) && resKey(k) === resKey(d));
    if (!twin) {
      kept.push(d);
      continue;
    }
    const [keep, drop] = filesOf(d).length < filesOf(twin).length ? [d, twin] : [twin, d];
    kept[kept.indexOf(twin)] = keep;
    copies.set(drop, keep);
  }
  for (const [copy, of] of copies) if (copies.has(of)) copies.set(copy, copies.get(of)!);
  return { dirs: kept, copies };
}
