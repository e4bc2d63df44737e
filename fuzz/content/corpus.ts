// The seeds of the content fuzzer: the committed content and config files, each as the kind of input it is.
// Reports (content/reports/*.md), content/annotations.yaml, content/config-families.yaml, content/site.yaml,
// --meta files (content/meta/*.yaml) and run specs (examples/*.yaml).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const CONTENT_KINDS = ['report', 'annotations', 'config-families', 'site', 'meta', 'spec'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface ContentSeed {
  kind: ContentKind;
  /** The file it is, relative to the project. */
  name: string;
  text: string;
}

const filesIn = (dir: string, ext: RegExp) =>
  existsSync(join(ROOT, dir))
    ? readdirSync(join(ROOT, dir))
        .filter((f) => ext.test(f))
        .sort()
        .map((f) => `${dir}/${f}`)
    : [];

/** Every seed, in a fixed order (a case is chosen by its index). */
export function contentSeeds(): ContentSeed[] {
  const seed = (kind: ContentKind, name: string): ContentSeed => ({
    kind,
    name,
    text: readFileSync(join(ROOT, name), 'utf8'),
  });
  const single = (kind: ContentKind, name: string) => (existsSync(join(ROOT, name)) ? [seed(kind, name)] : []);
  return [
    ...filesIn('content/reports', /\.md$/).map((f) => seed('report', f)),
    ...single('annotations', 'content/annotations.yaml'),
    ...single('config-families', 'content/config-families.yaml'),
    ...single('site', 'content/site.yaml'),
    ...filesIn('content/meta', /\.ya?ml$/).map((f) => seed('meta', f)),
    ...filesIn('examples', /\.ya?ml$/).map((f) => seed('spec', f)),
  ];
}
