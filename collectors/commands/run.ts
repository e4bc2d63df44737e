import type { Command } from './command.ts';

export const runCommand: Command = {
  name: 'run',
  summary: 'plan, execute and harvest a benchmark run spec, locally or over SSH (not available yet)',
  help: 'Usage: benchsite run <spec.yaml>... [--resume] [--dry-run]\n\nNot available yet.',
  async run() {
    throw new Error('run is not available yet');
  },
};
