import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../../../collectors/lib/read-spec.ts';

const GOOD = `name: s
host:
  name: lab1
  ssh: { host: 10.0.0.5, user: bench, privateKey: ~/.ssh/id_ed25519 }
dbms:
  - label: pg
    product: postgres
    config: c
    connection: { user: postgres, database: bench }
benchmark:
  kind: sysbench
  rows: 100
  seconds: { read: 1, write: 1 }
  tests: [point-query]
`;

describe('parseSpec', () => {
  it('fills defaults', () => {
    const s = parseSpec('s.yaml', GOOD);
    expect(s.host!.ssh).toMatchObject({
      port: 22,
      knownHosts: '~/.ssh/known_hosts',
      connectTimeoutSeconds: 20,
      keepaliveSeconds: 10,
    });
    expect(s.benchmark).toMatchObject({
      tables: 1,
      threads: [1],
      sysbench: 'sysbench',
      reportIntervalSeconds: 1,
      prepare: true,
    });
    expect(s.out).toBe('content/runs');
    expect(s.dbms[0]!.connection).toMatchObject({ host: '127.0.0.1', password: '' });
  });

  it.each([
    [
      'a misspelt field',
      GOOD.replace('rows: 100', 'rowz: 100'),
      's.yaml:12: benchmark: unknown field "rowz". Remove it or fix its spelling; only the documented fields are allowed.',
    ],
    [
      'a wrong type',
      GOOD.replace('rows: 100', 'rows: many'),
      's.yaml:12: benchmark.rows: expected number, received string. Write it as a number.',
    ],
    [
      'a missing field',
      GOOD.replace('    config: c\n', ''),
      's.yaml:6: dbms[0].config: missing required field (expected string). Add it; `benchsite run --help` shows every field.',
    ],
    [
      'no host',
      GOOD.replace(/host:\n {2}name: lab1\n {2}ssh: .*\n/, ''),
      's.yaml:1: host: no host given. Add `host:` (or `hosts:` for several).',
    ],
    [
      'a misspelt test',
      GOOD.replace('tests: [point-query]', 'tests: [point-query, read-only_range=10, point-qeury]'),
      /^s\.yaml:14: benchmark\.tests\[2\]: unknown test "point-qeury"\. Use one of point-query, random-points, .* \(add _range=<n> for a range\)\.$/,
    ],
    [
      'a YAML error',
      GOOD.replace('tests: [point-query]', 'tests: [point-query'),
      /^s\.yaml:\d+:\d+: YAML syntax error: /,
    ],
  ])('names the line and field of %s', (_, text, message) => {
    expect(() => parseSpec('s.yaml', text)).toThrow(message);
  });
});
