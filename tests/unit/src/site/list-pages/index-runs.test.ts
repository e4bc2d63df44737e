import { describe, expect, it } from 'vitest';
import { INDEX_RUNS_END, INDEX_RUNS_START, spliceIndexRuns } from '../../../../../src/site/list-pages/index-runs.ts';

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
});
