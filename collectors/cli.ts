#!/usr/bin/env node
// `benchsite <command>`: the command-line entry point. Each command lives in collectors/commands/.
import type { Command } from './commands/command.ts';
import { UsageError } from './commands/command.ts';
import { harvestCommand } from './commands/harvest.ts';
import { validateCommand } from './commands/validate.ts';
import { exportCommand } from './commands/export.ts';
import { schemaCommand } from './commands/schema.ts';
import { runCommand } from './commands/run.ts';
import { importCommand } from './commands/import.ts';
import { diffCommand } from './commands/diff.ts';
import { debugWanted, describeError } from './lib/input-error.ts';

const COMMANDS: Command[] = [
  runCommand,
  harvestCommand,
  importCommand,
  validateCommand,
  exportCommand,
  diffCommand,
  schemaCommand,
];

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `benchsite: database benchmark runs -> a static results website

Usage: benchsite <command> [options]    (benchsite <command> --help for details)

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Any command takes --debug (or BENCHSITE_DEBUG=1): the stack trace of an error, for a bug report.

Site: npm run build (static site in dist/), npm run dev, npm run preview.`;
}

export async function main(argv: string[]): Promise<number> {
  // --debug is the CLI's, not the command's: commands ask debugWanted(), which reads the environment.
  if (debugWanted(argv)) process.env.BENCHSITE_DEBUG = '1';
  const [name, ...rest] = argv.filter((a) => a !== '--debug');
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp());
    return name ? 0 : 1;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    console.error(`benchsite: unknown command "${name}"\n\n${mainHelp()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(cmd.help);
    return 0;
  }
  try {
    return await cmd.run(rest);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (e instanceof UsageError || err.code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(
        `benchsite ${name}: ${err.message}\n\n${cmd.help.split('\n')[0]}\n(benchsite ${name} --help for more)`,
      );
      return 2;
    }
    console.error(`benchsite ${name}: ${describeError(e, debugWanted())}`);
    return 1;
  }
}

// Output piped into `head` and the like: stop quietly when the reader goes away.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
process.exitCode = await main(process.argv.slice(2));
