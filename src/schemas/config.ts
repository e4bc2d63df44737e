import { z } from 'zod';
import { Text, Name } from './common.ts';

/** The DBMS configuration the run used. */
export const ConfigSchema = z.strictObject({
  /** Config name as the harness names it, e.g. `z12a_c8r32`, `cx10b_c8r32`, `cy1`. */
  name: Name,
  /** File the settings came from, e.g. `my.cnf`, `conf.diff`. */
  file: Text.optional(),
  /** Full text of that file, so two configs can be read side by side. */
  text: z.string().optional(),
  /** Parsed `key = value` settings (keys lower-cased, dashes as underscores) so two configs can be diffed. */
  settings: z.record(z.string(), z.string()).optional(),
  /** One line for people, e.g. `synchronous_commit=off`. */
  description: Text.optional(),
});

export type Config = z.infer<typeof ConfigSchema>;
