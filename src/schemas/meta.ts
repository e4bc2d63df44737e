import { z } from 'zod';
import { IsoDate, Text, Name } from './common.ts';
import { HostSchema } from './host.ts';
import { DbmsSchema } from './dbms.ts';
import { ConfigSchema } from './config.ts';
import { sectionShape, type Sections } from '../../benchmarks/index.ts';
import { HttpUrl } from './url.ts';

/**
 * The optional `--meta <file>` (YAML or JSON) of `benchsite harvest` and `benchsite import`: facts that are
 * not in the raw files. Anything given here wins over what the harvester decoded from labels.
 * `benchsite run` writes the facts it knows (spec, inventory, server) as `benchsite-meta.json` in each raw
 * run directory, so harvesting that directory (or its raw.tar.gz) again gives the same run.
 */
const MetaBaseSchema = z.strictObject({
  /** Host facts; `name` becomes the host segment of run ids. */
  host: HostSchema.partial().optional(),
  /** DBMS facts for every harvested run, e.g. `{ product: mariadb }` for a stock sysbench output. */
  dbms: DbmsSchema.partial().optional(),
  /**
   * Config facts for every harvested run: `config: { name: z12a, description: ... }`, or its name alone
   * (`config: z12a`).
   */
  config: z.union([Name.transform((name) => ({ name })), ConfigSchema.partial()]).optional(),
  /** Run date when the raw files do not carry one. */
  date: IsoDate.optional(),
  /** Label for a single stock output (default: the file name). */
  label: Name.optional(),
  /** iostat device for per-operation metrics when the raw files do not say (e.g. `nvme0n1`, `md2`). */
  device: Name.optional(),
  /** CPUs for CPU µs per operation when the raw files do not say. */
  cpus: z.number().int().positive().optional(),
  /** Who ran it. */
  ranBy: Text.optional(),
  /** Name of the run spec that produced the raw files (`benchsite run` writes it). */
  spec: Text.optional(),
  /** Free text shown on the run page. */
  notes: z.string().optional(),
  /**
   * Full labels of the short names an archive or a post uses for builds, so the label parser can read product,
   * version, build and config from them: `{ pg181: pg181_o2nofp.x10b_c8r32 }` for the short codes of HammerDB
   * `sum.res` files, `{ "Postgres 18.4": pg184 }` for a post's column names. The short name stays the run's
   * `dbms.label`.
   */
  builds: z.record(Text, Text).optional(),
  /** Published source: the post a table was typed in from (`benchsite import`), or the post an archive was made for. */
  published: z
    .strictObject({
      /** The post's title. */
      title: Text,
      /** The post's date; the date of the runs when the meta file gives no `date`. */
      date: IsoDate.optional(),
      /** The post's address. */
      url: HttpUrl.optional(),
    })
    .optional(),
});

/**
 * The `--meta` file: the shared facts, and the section of workload facts each benchmark adds under its own key
 * (`sysbench:`, `insertBenchmark:`, `hammerdb:`: its folder's benchmark.ts, `meta`).
 */
export const MetaSchema = MetaBaseSchema.extend(sectionShape('meta')) as unknown as z.ZodType<
  z.infer<typeof MetaBaseSchema> & Sections<'meta'>,
  z.input<typeof MetaBaseSchema> & Sections<'meta'>
>;

export type Meta = z.infer<typeof MetaSchema>;
