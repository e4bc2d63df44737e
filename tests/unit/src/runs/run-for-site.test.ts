// A run a page of the site reads is checked with RunSchema once per build: parsed only when its bytes are the ones
// the run store validated (the same file stamp), checked here otherwise, and refused when that check fails.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { RunSchema } from '../../../../src/schemas/index.ts';
import { readContentFileSync } from '../../../../src/runs/validate-files.ts';
import { runForSite } from '../../../../src/runs/validate-run-folder.ts';
import { validateJob } from '../../../../src/runs/validate-job.ts';

const id = 'sysbench/vm/20261122-x.pg1518.cy1.pk1';
const dir = mkdtempSync(join(tmpdir(), 'benchsite-run-for-site-'));
const file = join(dir, id, 'run.json');
mkdirSync(join(dir, id), { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('runForSite', () => {
  it('parses the bytes the loader validated without checking them again, and checks any others once', async () => {
    copyFileSync(`content/runs/${id}/run.json`, file);
    const safeParse = vi.spyOn(RunSchema, 'safeParse');
    // The run store's job: one check, and the stamp of the bytes it checked.
    const job = await validateJob({ file, id });
    expect(job.problems).toEqual([]);
    expect(safeParse).toHaveBeenCalledTimes(1);
    const validated = job.stamp;
    const page = runForSite(file, id, readContentFileSync(file), validated);
    expect('run' in page && page.run.label).toBe('x.pg1518.cy1.pk1');
    expect(safeParse).toHaveBeenCalledTimes(1);
    // The file changed after the loader checked it: these bytes are checked now.
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    const again = runForSite(file, id, readContentFileSync(file), validated);
    expect('run' in again).toBe(true);
    expect(safeParse).toHaveBeenCalledTimes(2);
  });

  it('refuses bytes no check has seen that do not validate', () => {
    writeFileSync(file, '{"schemaVersion": 1, "benchmark": "sysbench"}');
    const read = readContentFileSync(file);
    const page = runForSite(file, id, read, 'an-older-stamp');
    expect('problems' in page && page.problems.map((p) => p.text).join('\n')).toMatch(/run\.json/);
    expect('problems' in runForSite(file, id, read, undefined)).toBe(true);
  });
});
