// The matrix of collect.yml: one job per benchmark host, from the hosts file (.github/benchmark-hosts.json,
// docs/publishing.md). Prints `{"include":[{name, group, runsOn, spec}, ...]}` on one line: `group` is the
// file's `runnerGroup`, the runner group that admits only collect.yml (the hosts hold database passwords).
// Usage: node scripts/ci/hosts-matrix.ts <hosts.json> [<host>,<host>...]
import { readFileSync } from 'node:fs';

interface Host {
  name: string;
  group: string;
  runsOn: string[];
  spec: string;
}

function fail(message: string): never {
  process.stderr.write(`hosts-matrix: ${message}\n`);
  process.exit(1);
}

const [file, only] = process.argv.slice(2);
if (!file) fail('usage: hosts-matrix.ts <hosts.json> [<host>,<host>...]');
let data: unknown;
try {
  data = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  fail(`${file}: ${(e as Error).message.split('\n')[0]}`);
}
const hosts = (data as { hosts?: unknown })?.hosts;
if (!Array.isArray(hosts) || hosts.length === 0)
  fail(`${file}: expected {"runnerGroup": "<group>", "hosts": [{"name", "runsOn", "spec"}, ...]}`);
const group = (data as { runnerGroup?: unknown }).runnerGroup;
if (typeof group !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/.test(group))
  fail(
    `${file}: runnerGroup: expected the name of the runner group that admits only collect.yml (docs/publishing.md, "The benchmark runners")`,
  );
const seen = new Set<string>();
const matrix: Host[] = hosts.map((h: Partial<Host>, i: number) => {
  const where = `${file}: hosts[${i}]`;
  if (typeof h?.name !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(h.name))
    fail(`${where}.name: expected a host name of letters, digits and . _ - (it names the job and the artifact)`);
  if (seen.has(h.name)) fail(`${where}.name: "${h.name}" is listed twice`);
  seen.add(h.name);
  if (!Array.isArray(h.runsOn) || h.runsOn.length === 0 || !h.runsOn.every((l) => typeof l === 'string' && l.trim()))
    fail(`${where}.runsOn: expected the runner's labels, e.g. ["self-hosted", "${h.name}"]`);
  if (
    typeof h.spec !== 'string' ||
    !/\.ya?ml$/.test(h.spec) ||
    h.spec.startsWith('/') ||
    h.spec.split('/').includes('..')
  )
    fail(`${where}.spec: expected the path of a run spec (.yaml) inside the repository`);
  return { name: h.name, group, runsOn: h.runsOn, spec: h.spec };
});
const wanted = (only ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const w of wanted) if (!seen.has(w)) fail(`no host "${w}" in ${file} (it has ${[...seen].join(', ')})`);
const include = wanted.length ? matrix.filter((h) => wanted.includes(h.name)) : matrix;
process.stdout.write(`${JSON.stringify({ include })}\n`);
