// Small building blocks shared by the run, report and spec schemas.
import { z } from 'zod';

/** A calendar date, `YYYY-MM-DD`. */
export const IsoDate = z.iso.date();

/** A point in time, ISO 8601 with an offset (`2026-11-22T01:32:00Z`). */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** Lower-case hex SHA-256 of a file's bytes. */
export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lower-case hex digits (a SHA-256)');

/** A non-empty string. */
export const Text = z.string().min(1);

/** A relative path with forward slashes that stays inside its folder. */
export const RelativePath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'expected a relative path inside the folder');

/** A run id: its path under `content/runs/`, `<benchmark>/<host>/<YYYYMMDD>-<label>` (no `.` or `..` part). */
export const RunId = z
  .string()
  .regex(/^[^/]+\/[^/]+\/\d{8}-[^/]+$/, 'expected <benchmark>/<host>/<YYYYMMDD>-<label>')
  .refine((id) => !id.split('/').some((p) => p === '.' || p === '..'), 'a run id never has a . or .. part');
