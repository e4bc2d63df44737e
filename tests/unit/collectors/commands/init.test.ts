import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { askSettings } from '../../../../collectors/commands/init.ts';

/** Answers typed one line at a time, and what was asked. */
async function asked(values: Record<string, string>, all: boolean, lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => {
    shown += d.toString();
    // Answer each question when it is shown.
    if (shown.endsWith(': ') && lines.length) input.write(`${lines.shift()}\n`);
  });
  await askSettings(values, all, input, output);
  return shown;
}

describe('benchsite init in a terminal', () => {
  it('asks for every setting when no option is given; an empty answer leaves an optional one out', async () => {
    const values: Record<string, string> = {};
    const shown = await asked(values, true, ['My results', 'Me', '', 'One line']);
    expect(values).toEqual({ title: 'My results', author: 'Me', description: 'One line' });
    expect(shown).toContain('Title of the site: ');
    expect(shown).toContain('Address it is published at');
  });

  it('asks again for a required setting left empty, and only for what is missing', async () => {
    const values: Record<string, string> = { title: 'Given' };
    const shown = await asked(values, false, ['', '  ', 'Ann']);
    expect(values).toEqual({ title: 'Given', author: 'Ann' });
    expect(shown).not.toContain('Title');
    expect(shown.split('Author').length - 1).toBe(3);
    expect(shown).not.toContain('Address');
  });
});
