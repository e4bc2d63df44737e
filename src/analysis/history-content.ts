// Pure use of the history content files (src/schemas/history.ts): which ladder a config belongs to, which
// annotations a page shows. Read and checked by src/runs/read-history-files.ts.
import type { Annotation, ConfigFamily } from '../schemas/index.ts';

/** The family of a run's config: the declared one, else the config itself (the documented default). */
export function familyOf(families: ConfigFamily[], product: string | undefined, config: string): string {
  const f = families.find((x) => (!x.product || x.product === product) && x.configs.includes(config));
  return f ? f.name : config;
}

/** The annotations of a host (and product) on a history page. */
export function annotationsFor(all: Annotation[], host: string, product?: string): Annotation[] {
  return all
    .filter((a) => a.host === host && (!a.product || !product || a.product === product))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The annotations a run page shows: of its host, dated on or before the run. */
export function annotationsBefore(all: Annotation[], host: string, date: string, product?: string): Annotation[] {
  return annotationsFor(all, host, product).filter((a) => a.date <= date);
}
