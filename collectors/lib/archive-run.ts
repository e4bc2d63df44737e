// Runs read from archives and posts rather than from raw tool output: harness summary tables whose raw files
// are gone, and relative tables typed in from a post. Their files say nothing of host or date, so those come
// from --meta; what it does not give stays unknown. Pure.
import type {
  BenchmarkName,
  Meta,
  ProductName,
  RelativeTable,
  ResultRow,
  Run,
  Test,
  Workload,
} from '../../src/schemas/index.ts';
import { assembleRun, runDate, runHostName } from './assemble-run.ts';
import type { HarvestedRun, HarvestResult } from './harvested.ts';
import type { DecodedLabel } from './labels.ts';
import { byDirectory, type RawEntry } from './raw-tree.ts';

/** What an archive importer returns: runs, files it did not read and why, and disagreements it found. */
export interface ArchiveImport extends HarvestResult {
  /** Disagreements between the files (a relative cell, a .csv copy of a .tsv): file, line, column, both values. */
  warnings: string[];
}

/** The full label of a short build name an archive or post uses: `--meta builds`, else the name itself. */
export function fullLabel(shortName: string, meta: Meta | undefined): string {
  return meta?.builds?.[shortName] ?? shortName;
}

/**
 * The run date: `--meta date`, else the date of the post the meta file names. Archives carry none, and file
 * times only say when the archive was copied.
 */
export function archiveDate(meta: Meta | undefined, input: string): { date: string; dateSource: Run['dateSource'] } {
  return runDate(
    {
      meta,
      published: meta?.published?.date,
      input,
      missing: 'the files carry no date',
      orElse: `(the archive's month is in names like mar26), or the post: "published: { title, date }"`,
    },
    [],
  );
}

export interface ArchiveRunParts {
  benchmark: BenchmarkName;
  /** The run's label (and run id segment): the full label when known, e.g. `x.my8043_rel_o2nofp.z12a_c8r32.pk1`. */
  label: string;
  /** The build's name as the archive or post prints it, shown in tables (`dbms.label`). */
  shortName: string;
  decoded: DecodedLabel;
  /** Product the file names say when the label does not (`sum.res.pg...`). */
  product?: ProductName;
  workload: Workload;
  tests: Test[];
  results: ResultRow[];
  /** Only for published-relative runs. */
  relative?: RelativeTable[];
  source: 'harness-summary' | 'published-relative';
  /** What was read, e.g. `mytools-sysbench-summary`. */
  format: string;
  /** The input as given (a directory or file name). */
  input: string;
  raw: RawEntry[];
  notes: string[];
}

/** The run of an archive or post, with the --meta facts applied (the date is archiveDate's). */
export function archiveRun(p: ArchiveRunParts, meta: Meta | undefined, metaName?: string): HarvestedRun {
  const notes = [...p.notes];
  const d = p.decoded;
  return assembleRun({
    benchmark: p.benchmark,
    label: p.label,
    date: archiveDate(meta, p.input),
    host: { name: runHostName([], meta, 'the files', notes), serverClass: d.serverClass },
    dbms: {
      product: d.product ?? p.product,
      version: d.version,
      build: d.build,
      buildName: d.buildName,
      label: p.shortName,
      engine: d.engine,
    },
    config: { name: d.config ?? 'unspecified' },
    workload: p.workload,
    tests: p.tests,
    results: p.results,
    provenance: {
      source: p.source,
      format: p.format,
      tools: [],
      commands: [],
      input: p.input,
      published: meta?.published ? { ...meta.published } : undefined,
    },
    relative: p.relative,
    raw: p.raw,
    notes,
    // The date is archiveDate's: a meta date is already in it, and a post's date must not be replaced.
    meta: meta && { ...meta, date: undefined },
    metaName,
  });
}

/** An importer of one directory's tables, made an importer of a whole input: each directory, results merged. */
export function perDirectory<O>(
  importDir: (input: string, dir: string, entries: RawEntry[], opts: O) => ArchiveImport,
): (input: string, entries: RawEntry[], opts: O) => ArchiveImport {
  return (input, entries, opts) => {
    const out: ArchiveImport = { runs: [], skipped: [], warnings: [] };
    for (const [dir, files] of byDirectory(entries)) {
      const r = importDir(input, dir, files, opts);
      out.runs.push(...r.runs);
      out.skipped.push(...r.skipped);
      out.warnings.push(...r.warnings);
    }
    return out;
  };
}
