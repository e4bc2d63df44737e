import { z } from 'zod';
import { Text, Name } from './common.ts';

/** DBMS products benchsite knows how to name. */
export const Product = z.enum(['mysql', 'mariadb', 'postgres', 'fb-mysql', 'myrocks', 'mongodb', 'orioledb']);

/** The database server build that was measured. */
export const DbmsSchema = z.strictObject({
  /** Product family. Missing when neither the label nor the raw files say. */
  product: Product.optional(),
  /**
   * Version as dotted numbers with an optional pre-release, e.g. `8.0.43`, `15.18`, `19beta1`.
   * Sort with `compareVersions` in `src/analysis/versions.ts`, never as plain text.
   */
  version: z
    .string()
    .regex(
      /^\d+(\.\d+)*((alpha|beta|rc)\d*)?$/,
      'expected dotted numbers with an optional alpha/beta/rc suffix, e.g. 8.0.43 or 19beta1',
    )
    .optional(),
  /** Build flags part of the build name, e.g. `rel_o2nofp` (compiled with -O2 -fno-omit-frame-pointer). */
  build: Name.optional(),
  /** Build name as the harness writes it, e.g. `my8043_rel_o2nofp`, `pg1518`. */
  buildName: Name.optional(),
  /** Short name for tables and charts, e.g. `my8043`, `pg1518`, `Postgres 18.4`. */
  label: Name,
  /** Version string as the server printed it, e.g. `PostgreSQL 15.18 (Debian 15.18-0+deb12u1)`. */
  serverVersion: Text.optional(),
  /** Storage engine where the product has several, e.g. `innodb`, `rocksdb`. */
  engine: Name.optional(),
});

export type Dbms = z.infer<typeof DbmsSchema>;
export type ProductName = z.infer<typeof Product>;
