// A preview build (of a pull request): BENCHSITE_PREVIEW names the JSON `benchsite diff --json` wrote, and the
// site gets /preview/ (what the pull request changes) and a banner on every page saying it is a preview.
import { readFileSync } from 'node:fs';
import { PreviewDataSchema, type PreviewData } from '../analysis/preview-data.ts';

let cached: PreviewData | undefined | null = null;

/** The preview data, or undefined when this build is not a preview. A bad file stops the build, naming it. */
export function previewData(): PreviewData | undefined {
  if (cached !== null) return cached;
  const file = process.env.BENCHSITE_PREVIEW;
  if (!file) return (cached = undefined);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(
      `BENCHSITE_PREVIEW=${file}: ${(e as Error).message.split('\n')[0]} (write it with benchsite diff --json)`,
      { cause: e },
    );
  }
  const parsed = PreviewDataSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(
      `BENCHSITE_PREVIEW=${file}: not what benchsite diff --json writes (${parsed.error.issues[0]?.message})`,
    );
  return (cached = parsed.data);
}
