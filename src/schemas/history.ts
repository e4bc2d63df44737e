import { z } from 'zod';
import { IsoDate, Text, Name } from './common.ts';
import { HttpUrl } from './url.ts';

/**
 * One entry of `content/annotations.yaml`: something that happened to a host (a kernel upgrade, a new disk, a
 * BIOS setting) that explains a step in its results. Shown on every history chart and table of that host (of
 * that product only, when `product` is given) and on the run pages of that host dated on or after `date`.
 */
export const AnnotationSchema = z.strictObject({
  date: IsoDate,
  /** The host name of run ids (`pn53`). */
  host: Name,
  text: Text,
  /** Only for this product's history (`postgres`, `mysql` ...). */
  product: Name.optional(),
  url: HttpUrl.optional(),
});

export const AnnotationsFileSchema = z.array(AnnotationSchema);

/**
 * One entry of `content/config-families.yaml`: configs "as similar as possible" that history pages treat as one
 * ladder (Postgres 12 to 17 on x10a, 18 on x10b). Without an entry, each config is its own ladder.
 */
export const ConfigFamilySchema = z.strictObject({
  /** Shown as the ladder's title, e.g. `x10a, x10b`. */
  name: Name,
  /** Only for this product (`postgres`); any product when absent. */
  product: Name.optional(),
  /** Config names (`config.name` of the runs), at least two. */
  configs: z.array(Name).min(2),
});

export const ConfigFamiliesFileSchema = z.array(ConfigFamilySchema);

export type Annotation = z.infer<typeof AnnotationSchema>;
export type ConfigFamily = z.infer<typeof ConfigFamilySchema>;
