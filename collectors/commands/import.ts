import type { Command } from './command.ts';

export const importCommand: Command = {
  name: 'import',
  summary: 'turn a published results table (CSV) into runs (not available yet)',
  help: 'Usage: benchsite import <csv> --meta <file>\n\nNot available yet.',
  async run() {
    throw new Error('import is not available yet');
  },
};
