import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeRun } from '../../../../../src/runs/run-summary.ts';
import {
  INDEX_RUNS_END,
  INDEX_RUNS_START,
  indexRunsPart,
  spliceIndexRuns,
} from '../../../../../src/site/list-pages/index-runs.ts';
import { ROOT } from '../../../../helpers/build-site.ts';

describe('the index page part that lists runs', () => {
  const page = `<main><h1>x</h1>${INDEX_RUNS_START}<p>old</p>${INDEX_RUNS_END}<script></script></main>`;

  it('is replaced between its markers', () => {
    expect(spliceIndexRuns(page, `${INDEX_RUNS_START}<p>new $&</p>${INDEX_RUNS_END}`)).toBe(
      `<main><h1>x</h1>${INDEX_RUNS_START}<p>new $&</p>${INDEX_RUNS_END}<script></script></main>`,
    );
  });

  it('is not replaced in a page without exactly one pair of markers', () => {
    expect(spliceIndexRuns('<main></main>', 'x')).toBeUndefined();
    expect(spliceIndexRuns(page + INDEX_RUNS_START, 'x')).toBeUndefined();
    expect(spliceIndexRuns(`${INDEX_RUNS_END}${INDEX_RUNS_START}`, 'x')).toBeUndefined();
  });

  it('counts the runs, benchmarks and hosts (one host of three benchmarks is one host)', () => {
    const runs = ['sysbench', 'insert-benchmark', 'hammerdb-tprocc'].flatMap((b) =>
      readdirSync(`${ROOT}content/runs/${b}/vm`).map((name) => ({
        id: `${b}/vm/${name}`,
        summary: summarizeRun(JSON.parse(readFileSync(`${ROOT}content/runs/${b}/vm/${name}/run.json`, 'utf8'))),
      })),
    );
    const text = indexRunsPart(runs, '/').text;
    expect(text).toContain(`<p class="small muted">${runs.length} runs of 3 benchmarks on 1 host. Each host's page`);
    expect(indexRunsPart(runs.slice(0, 1), '/').text).toContain('>1 run of 1 benchmark on 1 host. ');
  });
});
