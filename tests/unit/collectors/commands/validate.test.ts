// One invalid run per failure mode (tests/fixtures/invalid-runs/<mode>/), with the message pinned.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { checkRunFile } from '../../../../collectors/commands/validate.ts';
import { findRunFiles } from '../../../../src/runs/read-runs.ts';
import { FIXTURES } from '../../../helpers/fixtures.ts';

const RUN = 'sysbench/h1/20261122-demo';

const CASES: Array<[string, string]> = [
  [
    'json-syntax',
    `${RUN}/run.json: line 4:3: JSON syntax error: Expected ',' or '}' after property value. Fix the JSON at that position (a missing comma or quote is the usual cause).`,
  ],
  [
    'missing-field',
    `${RUN}/run.json: dbms.label: missing required field (expected string). Add it; public/schema/run.schema.json lists every field.`,
  ],
  ['wrong-type', `${RUN}/run.json: results[0].value: expected number, received string. Write it as a number.`],
  [
    'unknown-field',
    `${RUN}/run.json: host: unknown field "cpu_model". Remove it or fix its spelling; only the documented fields are allowed.`,
  ],
  [
    'bad-enum',
    `${RUN}/run.json: dateSource: expected "raw-files" or "meta" or "spec" or "file-mtime" or "published". Use one of those values.`,
  ],
  [
    'path-mismatch',
    `sysbench/h1/20261121-demo/run.json: (path): the file is at sysbench/h1/20261121-demo but its benchmark, host.name, date and label say sysbench/h1/20261122-demo. Move the directory to match, or fix those fields (benchsite harvest always writes the matching path).`,
  ],
  [
    'unknown-test-in-results',
    `${RUN}/run.json: results[0].test: no test named "point-qeury" in tests. Use the name of a test listed in tests, or add the test.`,
  ],
  [
    'duplicate-test',
    `${RUN}/run.json: tests[1].name: test name "pgsql-point-select-report-interval" appears twice. Give each test its own name.`,
  ],
  [
    'failed-without-error',
    `${RUN}/run.json: tests[0].error: a failed test needs an error message. Add what the tool printed when it failed.`,
  ],
  [
    'series-missing',
    `${RUN}/series.json: (file): missing, but run.json names series. Re-run benchsite harvest on the raw files.`,
  ],
  [
    'archive-mismatch',
    `${RUN}/raw.tar.gz: (file): does not match the size or sha256 that run.json names (provenance.rawArchive). Restore the archive from git, or re-run benchsite harvest on the raw files.`,
  ],
  [
    'archive-missing',
    `${RUN}/raw.tar.gz: (file): missing, but run.json names it (provenance.rawArchive). Restore the archive, or re-run benchsite harvest on the raw files.`,
  ],
];

describe('benchsite validate: one fixture per failure mode', () => {
  it('the unbroken copy is valid', async () => {
    const [file] = await findRunFiles(join(FIXTURES, 'invalid-runs/valid'));
    expect(await checkRunFile(file!)).toEqual([]);
  });

  it.each(CASES)('%s', async (mode, message) => {
    const root = join(FIXTURES, 'invalid-runs', mode);
    const files = await findRunFiles(root);
    expect(files).toHaveLength(1);
    const problems = await checkRunFile(files[0]!);
    expect(problems.map((p) => p.text.replace(`${root}/`, ''))).toEqual([message]);
  });
});
