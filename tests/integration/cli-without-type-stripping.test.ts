// A `node` that cannot run TypeScript (the system's Node 20, say) starts bin/benchsite.js, which runs the
// CLI again on the Node that `npm ci` installed (node_modules/node). Tested with this Node's type stripping
// turned off, and with the system's /usr/bin/node where it is older than 22.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build-site.ts';

function run(node: string, nodeArgs: string[], ...args: string[]) {
  return spawnSync(node, [...nodeArgs, `${ROOT}bin/benchsite.js`, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    // An export of every committed run is more than the default 1 MB.
    maxBuffer: 256 << 20,
  });
}

describe('benchsite started by a node without type stripping', () => {
  it('runs on the pinned Node: validates the committed runs and exports them', () => {
    const v = run(process.execPath, ['--no-experimental-strip-types'], 'validate', 'content/runs');
    expect(v.stderr).toBe('');
    expect(v.stdout).toMatch(/^\d+ run\(s\) valid/m);
    expect(v.status).toBe(0);
    const e = run(process.execPath, ['--no-experimental-strip-types'], 'export', '--benchmark', 'sysbench');
    expect(e.status).toBe(0);
    expect(e.stdout.split('\n')[0]).toBe(
      'run,benchmark,host,product,version,build,config,test,metric,value,unit,source',
    );
  });

  it('passes the exit status through (a usage error is 2)', () => {
    const r = run(process.execPath, ['--no-experimental-strip-types'], 'no-such-command');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown command "no-such-command"/);
  });

  it('the pinned Node is the one npm scripts run on', () => {
    const pinned = `${ROOT}node_modules/node/bin/node`;
    expect(existsSync(pinned)).toBe(true);
    const v = spawnSync(pinned, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' });
    expect(Number(v.stdout.trim())).toBeGreaterThanOrEqual(24);
  });

  it('the system node (/usr/bin/node), when there is one, runs benchsite too', () => {
    if (!existsSync('/usr/bin/node')) return; // a machine whose only node is the pinned one
    const r = run('/usr/bin/node', [], '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^benchsite: database benchmark runs/);
  });
});
