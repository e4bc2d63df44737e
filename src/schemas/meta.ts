import { z } from 'zod';
import { IsoDate, Text } from './common.ts';
import { HostSchema } from './host.ts';
import { DbmsSchema } from './dbms.ts';
import { ConfigSchema } from './config.ts';
import { HttpUrl } from './url.ts';

/**
 * The optional `--meta <file>` (YAML or JSON) of `benchsite harvest` and `benchsite import`: facts that are
 * not in the raw files. Anything given here wins over what the harvester decoded from labels.
 * `benchsite run` writes the facts it knows (spec, inventory, server) as `benchsite-meta.json` in each raw
 * run directory, so harvesting that directory (or its raw.tar.gz) again gives the same run.
 */
export const MetaSchema = z.strictObject({
  /** Host facts; `name` becomes the host segment of run ids. */
  host: HostSchema.partial().optional(),
  /** DBMS facts for every harvested run, e.g. `{ product: mariadb }` for a stock sysbench output. */
  dbms: DbmsSchema.partial().optional(),
  /** Config facts for every harvested run. */
  config: ConfigSchema.partial().optional(),
  /** Run date when the raw files do not carry one. */
  date: IsoDate.optional(),
  /** Label for a single stock output (default: the file name). */
  label: Text.optional(),
  /** iostat device for per-operation metrics when the raw files do not say (e.g. `nvme0n1`, `md2`). */
  device: Text.optional(),
  /** CPUs for CPU µs per operation when the raw files do not say. */
  cpus: z.number().int().positive().optional(),
  /** Who ran it. */
  ranBy: Text.optional(),
  /** Name of the run spec that produced the raw files (`benchsite run` writes it). */
  spec: Text.optional(),
  /** Free text shown on the run page. */
  notes: z.string().optional(),
  /** HammerDB facts the raw files or a published table may lack; what the files say wins. */
  hammerdb: z
    .strictObject({
      /** Rampup minutes. */
      rampupMinutes: z.number().nonnegative().optional(),
      /** Measured minutes. */
      durationMinutes: z.number().positive().optional(),
      /** Whether stored procedures were used. */
      storedProcedures: z.boolean().optional(),
      /** Whether tables were partitioned. */
      partitioned: z.boolean().optional(),
      /** Virtual users used to build the schema. */
      buildVirtualUsers: z.number().int().positive().optional(),
    })
    .optional(),
  /** Published source, for `benchsite import`. */
  published: z.strictObject({ title: Text, date: IsoDate.optional(), url: HttpUrl.optional() }).optional(),
});

export type Meta = z.infer<typeof MetaSchema>;
