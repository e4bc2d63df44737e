// YAML of content and config files within bounds: each shape the yaml package takes superlinear time (or
// recursion) on is refused from its syntax tree first, in linear time, with its line and column.
import { describe, expect, it } from 'vitest';
import { MAX_YAML_DEPTH, MAX_YAML_KEYS, parseContentYaml } from '../../../../src/runs/content-yaml.ts';

const refused = (text: string) => {
  const r = parseContentYaml(text, 1 << 20);
  if (r.ok) throw new Error('parsed');
  return `${r.line}:${r.column} ${r.message}`;
};

describe('parseContentYaml', () => {
  it('reads plain YAML, with its document and line counter', () => {
    const r = parseContentYaml('a: 1\nb: [x, {c: d}]\n', 100);
    expect(r.ok && r.data).toEqual({ a: 1, b: ['x', { c: 'd' }] });
    expect(r.ok && r.lineCounter.linePos(5)).toEqual({ line: 2, col: 1 });
  });
  it('refuses each hostile shape with its place, fast', () => {
    let bomb = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 9; i++)
      bomb += `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    const t0 = performance.now();
    expect(refused('['.repeat(20_000))).toBe(`1:${MAX_YAML_DEPTH + 1} nested more than ${MAX_YAML_DEPTH} levels deep`);
    expect(refused('- '.repeat(20_000))).toBe(
      `1:${2 * MAX_YAML_DEPTH + 1} nested more than ${MAX_YAML_DEPTH} levels deep`,
    );
    expect(refused('x:\n' + '  k: 1\n'.repeat(MAX_YAML_KEYS + 1))).toBe(
      `2:3 a mapping of more than ${MAX_YAML_KEYS} keys`,
    );
    // 50,000 nested `? ` overflowed the parser's stack: refused from the text, before the parser.
    expect(refused('? '.repeat(50_000))).toBe(
      `1:${2 * MAX_YAML_DEPTH + 1} nested more than ${MAX_YAML_DEPTH} levels deep`,
    );
    expect(refused(`q: ${'? '.repeat(50_000)}`)).toMatch(/nested more than 32 levels deep/);
    expect(refused('? [a, b]\n: 1\n')).toMatch(/^1:3 a key that is a mapping or list, or a "\?" key/);
    expect(refused('{[a]: 1}')).toMatch(/^1:2 a key that is a mapping or list/);
    expect(refused(bomb)).toBe(
      '1:1 aliases (*name) that expand to too many nodes (Excessive alias count indicates a resource exhaustion attack)',
    );
    expect(refused('a: [1\n')).toMatch(/^2:1 YAML syntax error: /);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(parseContentYaml('a: 1\n', 3)).toEqual({
      ok: false,
      message: '5 characters of YAML, more than the 3 allowed',
      line: 1,
      column: 1,
    });
  });
  it('keeps a few aliases and a key named __proto__ as data', () => {
    const r = parseContentYaml('a: &x [1]\nb: *x\n__proto__: {polluted: 1}\n', 1000);
    expect(r.ok && r.data).toEqual({ a: [1], b: [1], ['__proto__']: { polluted: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
