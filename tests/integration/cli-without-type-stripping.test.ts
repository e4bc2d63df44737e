// Node releases without built-in TypeScript (Node 20) load the CLI's .ts files through bin/ts-hooks.mjs.
// Tested here on this Node with its type stripping turned off, so the hooks do all the work.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

const hooks = `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(`${ROOT}bin/ts-hooks.mjs`).href)});`;
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--no-experimental-strip-types', '--import', hooks, `${ROOT}collectors/cli.ts`, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });

describe('benchsite without type stripping', () => {
  it('validates the committed runs and exports them', () => {
    const v = run('validate', 'content/runs');
    expect(v.stderr).toBe('');
    expect(v.stdout).toMatch(/^27 run file\(s\) valid/m);
    expect(v.status).toBe(0);
    const e = run('export', '--benchmark', 'sysbench');
    expect(e.status).toBe(0);
    expect(e.stdout.split('\n')[0]).toBe('run,benchmark,host,product,version,build,config,test,metric,value,unit');
  });

  it('plain node without the hooks cannot load it, which is why bin/benchsite.js registers them', () => {
    const r = spawnSync(process.execPath, ['--no-experimental-strip-types', `${ROOT}collectors/cli.ts`, '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
  });
});
