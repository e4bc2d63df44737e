// The history content files for pages (content/annotations.yaml, content/config-families.yaml), read once per
// build. A problem stops the build with the lines `benchsite validate` prints (the contentFiles integration
// checks them before Astro reads anything; this is the same check for the dev server).
import { contentError, shownText } from '../runs/problems.ts';
import { readAnnotations, readConfigFamilies } from '../runs/read-history-files.ts';
import type { Annotation, ConfigFamily } from '../schemas/index.ts';
import { CONTENT_DIR } from './content-dirs.ts';

let loaded: Promise<{ annotations: Annotation[]; families: ConfigFamily[] }> | undefined;

export function historyContent(): Promise<{ annotations: Annotation[]; families: ConfigFamily[] }> {
  loaded ??= Promise.all([readAnnotations(CONTENT_DIR), readConfigFamilies(CONTENT_DIR)]).then(([a, f]) => {
    const problems = [...a.problems, ...f.problems];
    if (problems.length) throw contentError(`${CONTENT_DIR}/`, problems.map(shownText));
    return { annotations: a.value, families: f.value };
  });
  return loaded;
}
