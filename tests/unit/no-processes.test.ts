// Unit tests start no process, server or database: those tests live in tests/integration (or tests/e2e for the
// browser), so `npm run test:unit` stays fast and needs nothing installed but the packages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const unit = import.meta.dirname;
/** Imports that start processes: Node's own, esbuild's service, the helpers that run benchsite or servers. */
const STARTS =
  /from ['"](node:child_process|child_process|esbuild|[./]*helpers\/(cli|sshd|databases|browser|site-in-browser|static-server)\.ts)['"]/;

describe('unit tests', () => {
  it('start no process (child_process, esbuild, benchsite, sshd, databases, a browser)', () => {
    const files = readdirSync(unit, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    expect(
      files.filter((f) => f !== 'no-processes.test.ts' && STARTS.test(readFileSync(join(unit, f), 'utf8'))),
    ).toEqual([]);
  });
});
