// What the site says about where a run's numbers come from (provenance.source), in a few words and in one
// sentence. Pure.
import type { ProvenanceSourceName } from '../schemas/index.ts';

/** A few words for tables: `raw files`, `harness summary`, `published table`, `published relative`. */
export function sourceLabel(source: ProvenanceSourceName): string {
  return source === 'raw' ? 'raw files' : source.replace('-', ' ');
}

/** One sentence for the run page: what the numbers are and what is not known. */
export function sourceMeaning(source: ProvenanceSourceName): string {
  switch (source) {
    case 'raw':
      return 'Harvested from the tools’ own output, kept in the raw archive.';
    case 'harness-summary':
      return 'Read from the benchmark harness’s summary tables, which are all that is left of this campaign: every value is as the harness printed it (rounded), and there is no per-second series, latency or vmstat/iostat sample.';
    case 'published-table':
      return 'Typed in from a table of absolute numbers in a published post; the CSV is the raw file.';
    case 'published-relative':
      return 'Typed in from a post that printed only values relative to a base: they are shown as printed, and this run has no absolute number at all.';
  }
}
