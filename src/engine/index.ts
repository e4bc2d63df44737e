// The comparison engine: runs + a section spec -> one table model (table.ts) of cells (cell.ts) printed by one
// function per metric (format.ts), judged on the printed number (verdict.ts), summarised by one algorithm
// (summary.ts), for any benchmark through its descriptor (descriptor.ts, descriptors/). Pure TypeScript, no
// Astro and no Node API: the compare view bundles this same module for the browser.
export * from './cell.ts';
export * from './descriptor.ts';
export * from './format.ts';
export * from './run-data.ts';
export * from './summary.ts';
export * from './table.ts';
export * from './verdict.ts';
