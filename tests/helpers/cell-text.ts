// The number a table cell prints, without its marker (▲ improvement / ▼ regression, and the Insert Benchmark's
// ▲ top quarter, ▼ bottom quarter, ✕ SLA missed, issue 25: src/site/report-cell.ts) or a published value's †.
export function cellNumber(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/\s*[\u25b2\u25bc\u2715][^\d]*$/, '')
    .replace('\u2020', '')
    .trim();
}

/** The marker of a cell's text: `improvement`, `regression`, or undefined when it has none. */
export function cellMarker(text: string | null | undefined): string | undefined {
  return /[\u25b2\u25bc]\s*(improvement|regression)\s*$/.exec(text ?? '')?.[1];
}
