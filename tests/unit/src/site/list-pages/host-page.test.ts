// A host's page: how many runs, over which dates.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summarizeRun } from '../../../../../src/runs/run-summary.ts';
import { hostPageBody, hostPageRuns } from '../../../../../src/site/list-pages/host-page.ts';
import { hostGroups } from '../../../../../src/site/run-groups.ts';
import { ROOT } from '../../../../helpers/build-site.ts';

const dir = `${ROOT}content/runs/sysbench/vm`;
const runs = readdirSync(dir).map((name) => ({
  id: `sysbench/vm/${name}`,
  summary: summarizeRun(JSON.parse(readFileSync(`${dir}/${name}/run.json`, 'utf8'))),
}));

describe('host page', () => {
  it('counts the runs and gives their dates, one date once', () => {
    const body = (list: typeof runs) => {
      const g = hostGroups(list)[0]!;
      return hostPageBody(g, hostPageRuns(g, list), '/').text;
    };
    const dates = [...new Set(runs.map((r) => r.summary.date))].sort();
    expect(body(runs)).toContain(
      `<p class="small">${runs.length} runs, ${dates.length === 1 ? dates[0] : `${dates[0]} to ${dates.at(-1)}`}.`,
    );
    expect(body(runs.slice(0, 1))).toContain(`<p class="small">1 run, ${runs[0]!.summary.date}.`);
  });
});
