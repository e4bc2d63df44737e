// `benchsite import`: the one entry point for archives and posts. Every file of every input (a file, or a
// directory walked for every file) goes to the importer of its format; what none reads is listed with why.
//   a benchmark's summaries   the `archive` of its folder (collectors/benchmarks.ts)
//   a post's absolute tables  the `published.tables` of a folder, by header line
//   relative tables (CSV)     by header (label, test, value) with --base: collectors/published/import-relative.ts
// Pure: the command loads the files and writes the runs.
import type { Meta } from '../src/schemas/index.ts';
import type { ArchiveImport } from './lib/archive-run.ts';
import type { Refusal } from './lib/harvested.ts';
import { BENCHMARK_FOLDERS } from './benchmarks.ts';
import type { BenchmarkFolder } from './lib/benchmark-folder.ts';
import { withoutBadFiles } from './lib/leave-out.ts';
import { entryText, fileName, type RawEntry, type RawTree } from './lib/raw-tree.ts';
import { metaRequiredFor } from './lib/messages.ts';
import {
  importRelativeTables,
  isRelativeHeader,
  RELATIVE_TABLE,
  type RelativeCsv,
} from './published/import-relative.ts';
import { parseCsv, type PublishedCsv } from './published/csv.ts';

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

/** A benchmark's format of a post's absolute tables. */
type Tables = NonNullable<BenchmarkFolder['published']['tables']>;

/** A benchmark's archived summaries (its folder's `archive`), a post's absolute tables, or a relative table. */
type Kind = { archive: BenchmarkFolder } | { tables: Tables } | 'relative';

const TABLE_FORMATS: Tables[] = BENCHMARK_FOLDERS.flatMap((b) => (b.published.tables ? [b.published.tables] : []));

/** What a file is, by name and, for other CSVs, by header line. */
function kindOf(e: RawEntry): Kind | { skip: string } {
  const name = fileName(e.path);
  const folder = BENCHMARK_FOLDERS.find((b) => b.archive?.recognises(name));
  if (folder) return { archive: folder };
  if (/\.csv$/i.test(name)) {
    let header: string[];
    try {
      header = parseCsv(entryText(e), e.path).header;
    } catch {
      // A CSV of neither kind, or a broken one: the importer of its kind would say what is wrong.
      header = (entryText(e).split(/\r?\n/, 1)[0] ?? '').split(',').map((c) => c.trim());
    }
    const tables = TABLE_FORMATS.find((t) => t.recognises(header));
    if (tables) return { tables };
    if (isRelativeHeader(header)) return 'relative';
    return { skip: `a CSV that is neither ${[...TABLE_FORMATS.map((t) => t.what), RELATIVE_TABLE].join(' nor ')}` };
  }
  for (const b of BENCHMARK_FOLDERS) {
    const why = b.notImported?.(name);
    if (why) return { skip: why };
  }
  return { skip: 'not an archive or table format `benchsite import` reads' };
}

/**
 * Runs of every recognised file of the inputs. A malformed file is left out (named in `refused` with file,
 * line and why) and the rest imported without it; errors that name no file are thrown.
 */
export function importArchives(trees: RawTree[], opts: ImportOptions): ArchiveImport & { refused: InputRefusal[] } {
  const out: ArchiveImport & { refused: InputRefusal[] } = { runs: [], skipped: [], warnings: [], refused: [] };
  const published = new Map<Tables, PublishedCsv[]>();
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
    const archives = new Map<BenchmarkFolder, RawEntry[]>();
    for (const e of tree.entries) {
      const k = kindOf(e);
      const csv = { name: fileName(e.path), data: e.data };
      if (k === 'relative') relative.push(csv);
      else if ('skip' in k) out.skipped.push({ path: shown(e.path), reason: k.skip });
      else if ('tables' in k) published.set(k.tables, [...(published.get(k.tables) ?? []), csv]);
      else archives.set(k.archive, [...(archives.get(k.archive) ?? []), e]);
    }
    for (const b of BENCHMARK_FOLDERS) {
      const entries = archives.get(b);
      if (!entries) continue;
      const r = withoutBadFiles(entries, (list) => b.archive!.import(tree.name, list, opts));
      r.refused.forEach(refuse);
      if (r.result) merge(r.result);
    }
  }
  const tables = [...published.values()].flat();
  if ((tables.length || relative.length) && !opts.meta)
    throw new ImportUsageError(metaRequiredFor([...tables, ...relative].map((c) => c.name)));
  for (const t of TABLE_FORMATS) {
    const csvs = published.get(t);
    if (csvs) out.runs.push(...t.import(csvs, opts.meta!, opts.metaName));
  }
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
