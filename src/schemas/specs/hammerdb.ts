import { z } from 'zod';

/** The hammerdb-tprocc part of a run spec (`benchmark.kind: hammerdb-tprocc`). Not available yet. */
export const HammerdbSpecSchema = z.strictObject({
  kind: z.literal('hammerdb-tprocc'),
});

export type HammerdbSpec = z.infer<typeof HammerdbSpecSchema>;
