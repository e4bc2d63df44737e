import { z } from 'zod';
import { IsoDateTime, RelativePath, Sha256, Text } from './common.ts';
import { HttpUrl, RawArchiveLocation } from './url.ts';

/** One raw file as it was harvested. */
export const RawFileSchema = z.strictObject({
  /** Path inside the raw archive, relative to the harvested directory. */
  path: RelativePath,
  /** Size in bytes. */
  bytes: z.number().int().nonnegative(),
  /** SHA-256 of the bytes, so anyone can check the archive (and the published numbers) against it. */
  sha256: Sha256,
});

/** The kinds of `provenance.source`, in the order the site explains them. */
export const ProvenanceSource = z.enum(['raw', 'harness-summary', 'published-table', 'published-relative']);

/** Where a run's numbers came from and how to get them again. */
export const ProvenanceSchema = z.strictObject({
  /**
   * Where the numbers come from. `raw`: harvested from tool output. `harness-summary`: read from a benchmark
   * harness's summary tables (mytools `qps.abs`, `o.met`, `sum.res`, `o.sum.t`, `mrg`), whose raw outputs are
   * gone; the values are as the harness printed them. `published-table`: typed in from a post's table of
   * absolute numbers. `published-relative`: typed in from a post's table of relative values only, kept in the
   * run's `relative` and never turned into absolute numbers.
   */
  source: ProvenanceSource,
  /** The benchsite harvester or importer that wrote this file. */
  harvester: z.strictObject({
    /** benchsite version. */
    version: Text,
    /** Input format it read, e.g. `mytools-sysbench`, `sysbench-output`, `published-csv`. */
    format: Text,
  }),
  /** Tools and versions seen in the raw files, e.g. `{ "name": "sysbench", "version": "1.0.20" }`. */
  tools: z.array(z.strictObject({ name: Text, version: Text })),
  /** Exact commands that produced the raw files, secrets redacted. */
  commands: z.array(Text),
  startedAt: IsoDateTime.optional(),
  endedAt: IsoDateTime.optional(),
  /** Name of the input that was harvested (a directory or file name; never an absolute path). */
  input: Text.optional(),
  /** The raw files, as kept in `rawArchive`. */
  rawFiles: z.array(RawFileSchema),
  /** The compressed archive of `rawFiles` beside run.json (or where a setting put it). */
  rawArchive: z
    .strictObject({
      /** `raw.tar.gz` (the file beside run.json), or an http(s) URL when archives are kept elsewhere. */
      location: RawArchiveLocation,
      bytes: z.number().int().nonnegative(),
      sha256: Sha256,
    })
    .optional(),
  /** Published source of the numbers (`published-table`, `published-relative`, or the post an archive was made for), e.g. the post's title, date and URL. */
  published: z
    .strictObject({
      title: Text,
      date: z.iso.date().optional(),
      /** The post's address (http or https only). */
      url: HttpUrl.optional(),
      file: Text.optional(),
    })
    .optional(),
  /** Who ran it. */
  ranBy: Text.optional(),
  /** Run spec name when `benchsite run` produced it. */
  spec: Text.optional(),
  /** Things the harvester noticed, e.g. a test with no vmstat file. */
  notes: z.array(Text).optional(),
});

export type Provenance = z.infer<typeof ProvenanceSchema>;
export type RawFile = z.infer<typeof RawFileSchema>;
export type ProvenanceSourceName = z.infer<typeof ProvenanceSource>;
