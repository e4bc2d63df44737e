// The child process of markdown-check.ts: renders each report body it is given (a JSON array of strings on
// stdin) through the site's Markdown pipeline, and says on stdout which one it starts and which it finished, so
// that the parent can name the report if the native renderer aborts this process.
import { readFileSync, writeSync } from 'node:fs';
import { renderReportMarkdown } from './markdown.ts';

const bodies = JSON.parse(readFileSync(0, 'utf8')) as string[];
bodies.forEach((body, i) => {
  writeSync(1, `start ${i}\n`);
  renderReportMarkdown(body, 0, (source) => source);
  writeSync(1, `done ${i}\n`);
});
