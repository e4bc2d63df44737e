// `benchsite import`: the one entry point for archives and posts. Every file of every input (a file, or a
// directory walked for every file) goes to the importer of its format; what none reads is listed with why.
//   a benchmark's summaries   the `archive` of its folder (collectors/benchmarks.ts): sysbench qps.abs.*, qps.rel.*,
//                             o.met.*; HammerDB sum.res.*.csv; Insert Benchmark o.sum.t.*, mrg.* (as harvest reads them)
//   published tables (CSV)    HammerDB results by header (label, virtual_users, warehouses ...)
//                             relative tables by header (label, test, value) with --base
// Pure: the command loads the files and writes the runs.
import type { Meta } from '../src/schemas/index.ts';
import type { ArchiveImport } from './lib/archive-run.ts';
import type { Refusal } from './lib/harvested.ts';
import { BENCHMARK_FOLDERS } from './benchmarks.ts';
import type { BenchmarkFolder } from './lib/benchmark-folder.ts';
import { withoutBadFiles } from './lib/leave-out.ts';
import { entryText, fileName, type RawEntry, type RawTree } from './lib/raw-tree.ts';
import { metaRequiredFor } from './lib/messages.ts';
import { isSummaryFile } from '../benchmarks/insert-benchmark/harvest-summaries.ts';
import { importHammerdbTables, type PublishedCsv } from '../benchmarks/hammerdb-tprocc/published-table.ts';
import { importRelativeTables, isRelativeHeader, type RelativeCsv } from './published/import-relative.ts';
import { parseCsv } from './published/csv.ts';

export interface ImportOptions {
  meta?: Meta;
  metaName?: string;
  /** `--base` of the relative tables: one for all, or one per table in the order they are found. */
  bases: string[];
}

/** A file refused, with the index of the input (tree) it is in; its path and reason name it inside that input. */
export type InputRefusal = Refusal & { input: number };

/** Thrown for a command line the inputs cannot be imported with (no --meta for a post's table, --base count). */
export class ImportUsageError extends Error {}

/** A benchmark's archived summaries (its folder's `archive`), or a table from a post. */
type Kind = BenchmarkFolder | 'published' | 'relative';

/** What a file is, by name and, for other CSVs, by header line. */
function kindOf(e: RawEntry): Kind | { skip: string } {
  const name = fileName(e.path);
  const folder = BENCHMARK_FOLDERS.find((b) => b.archive?.recognises(name));
  if (folder) return folder;
  if (/\.csv$/i.test(name)) {
    let header: string[] = [];
    try {
      header = parseCsv(entryText(e), e.path).header;
    } catch {
      // A CSV of neither kind, or a broken one: the importer of its kind would say what is wrong.
      header = (entryText(e).split(/\r?\n/, 1)[0] ?? '').split(',').map((c) => c.trim());
    }
    if (header.includes('virtual_users') && header.includes('warehouses')) return 'published';
    if (isRelativeHeader(header)) return 'relative';
    return {
      skip: 'a CSV that is neither a published HammerDB table (label, virtual_users, warehouses, metrics) nor a relative table (label, test, value)',
    };
  }
  if (isSummaryFile(name)) return { skip: 'a mytools report file: not a table of results' };
  if (/^(sb\.|o\..+\.(run|build)\.|o\.res\.|o\.ib\.)/.test(name))
    return { skip: 'raw tool output: `benchsite harvest` reads it' };
  return { skip: 'not an archive or table format `benchsite import` reads' };
}

/**
 * Runs of every recognised file of the inputs. A malformed file is left out (named in `refused` with file,
 * line and why) and the rest imported without it; errors that name no file are thrown.
 */
export function importArchives(trees: RawTree[], opts: ImportOptions): ArchiveImport & { refused: InputRefusal[] } {
  const out: ArchiveImport & { refused: InputRefusal[] } = { runs: [], skipped: [], warnings: [], refused: [] };
  const published: PublishedCsv[] = [];
  const relative: Array<Omit<RelativeCsv, 'base'>> = [];
  for (const tree of trees) {
    // Paths as the user knows them: under the input directory, or the file itself.
    const shown = (path: string) => (path === tree.name ? path : `${tree.name}/${path}`);
    const merge = (r: ArchiveImport) => {
      out.runs.push(...r.runs);
      out.skipped.push(...r.skipped.map((x) => ({ ...x, path: shown(x.path) })));
      out.warnings.push(...r.warnings);
    };
    const input = trees.indexOf(tree);
    const refuse = (r: Refusal) => out.refused.push({ ...r, input });
    tree.refused?.forEach(refuse);
    const byKind = new Map<Kind, RawEntry[]>();
    for (const e of tree.entries) {
      const k = kindOf(e);
      if (typeof k === 'object' && 'skip' in k) out.skipped.push({ path: shown(e.path), reason: k.skip });
      else byKind.set(k, [...(byKind.get(k) ?? []), e]);
    }
    for (const b of BENCHMARK_FOLDERS) {
      const entries = byKind.get(b);
      if (!entries) continue;
      const r = withoutBadFiles(entries, (list) => b.archive!.import(tree.name, list, opts));
      r.refused.forEach(refuse);
      if (r.result) merge(r.result);
    }
    for (const e of byKind.get('published') ?? []) published.push({ name: fileName(e.path), data: e.data });
    for (const e of byKind.get('relative') ?? []) relative.push({ name: fileName(e.path), data: e.data });
  }
  if ((published.length || relative.length) && !opts.meta)
    throw new ImportUsageError(metaRequiredFor([...published, ...relative].map((c) => c.name)));
  if (published.length) out.runs.push(...importHammerdbTables(published, opts.meta!, opts.metaName));
  if (relative.length) {
    const { bases } = opts;
    if (bases.length !== 1 && bases.length !== relative.length)
      throw new ImportUsageError(
        `${relative.length} relative table(s) (${relative.map((c) => c.name).join(', ')}) and ${bases.length} --base: give one --base for all of them, or one per table in that order`,
      );
    out.runs.push(
      ...importRelativeTables(
        relative.map((c, i) => ({ ...c, base: bases[bases.length === 1 ? 0 : i]! })),
        opts.meta!,
        opts.metaName,
      ),
    );
  } else if (opts.bases.length)
    throw new ImportUsageError('--base is for relative tables (label, test, value), and none was given');
  return out;
}
