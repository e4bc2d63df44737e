// docs/commands.md holds every command's --help text as the CLI prints it (node scripts/docs/commands.ts writes it).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { commandNames, commandsReference, helpOf } from '../../scripts/docs/commands.ts';
import { ROOT } from '../helpers/build-site.ts';

describe('docs/commands.md', () => {
  const doc = readFileSync(`${ROOT}docs/commands.md`, 'utf8');

  it("holds every command's --help, as printed (else: node scripts/docs/commands.ts)", () => {
    const names = commandNames(helpOf(['--help']));
    expect(names).toContain('harvest');
    for (const name of names) expect(doc, `benchsite ${name} --help`).toContain(helpOf([name, '--help']));
    expect(doc).toBe(commandsReference());
  });
});
