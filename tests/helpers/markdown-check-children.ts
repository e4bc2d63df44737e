// Child scripts for src/site/markdown-check.ts in tests: one renders with satteri's own smart punctuation (which
// panics in native code on 148 KB of `x "`, aborting the process), one never finishes. Both speak the child's
// protocol (start <i> / done <i> on stdout). Run as `node markdown-check-children.ts smart|hang`.
import { readFileSync, writeSync } from 'node:fs';
import { markdownToHtml } from 'satteri';

const bodies = JSON.parse(readFileSync(0, 'utf8')) as string[];
const mode = process.argv[2];
bodies.forEach((body, i) => {
  writeSync(1, `start ${i}\n`);
  if (mode === 'hang') for (;;);
  markdownToHtml(body, { features: { gfm: true, smartPunctuation: true } });
  writeSync(1, `done ${i}\n`);
});
