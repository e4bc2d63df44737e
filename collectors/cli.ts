#!/usr/bin/env node
// `benchsite <command>`: the command-line entry point. Each command lives in collectors/commands/.
import type { Command } from './commands/command.ts';
import { UsageError } from './commands/command.ts';
import { debugWanted, describeError } from './lib/input-error.ts';
import { unknownOption } from '../src/analysis/closest-names.ts';

/**
 * The commands, each with its one-line summary; a command's module (and everything it imports: zod, the
 * schemas, the harvesters) is loaded only when that command runs, so `benchsite --help` starts at once.
 */
const COMMANDS: Array<{ name: string; summary: string; load: () => Promise<Command> }> = [
  {
    name: 'init',
    summary: 'make this clone your own empty site: the demo moves to examples/demo/, content/site.yaml is written',
    load: async () => (await import('./commands/init.ts')).initCommand,
  },
  {
    name: 'run',
    summary: 'plan, execute and harvest a benchmark run spec, locally or over SSH',
    load: async () => (await import('./commands/run.ts')).runCommand,
  },
  {
    name: 'harvest',
    summary: 'turn raw benchmark output into validated runs under content/runs',
    load: async () => (await import('./commands/harvest.ts')).harvestCommand,
  },
  {
    name: 'import',
    summary: 'turn archived harness summaries and tables from posts into runs',
    load: async () => (await import('./commands/import.ts')).importCommand,
  },
  {
    name: 'validate',
    summary: 'check run files: schema, path, series and raw archive',
    load: async () => (await import('./commands/validate.ts')).validateCommand,
  },
  {
    name: 'export',
    summary: 'print tidy rows (run, test, metric, value, unit ...) of all runs as CSV or JSON',
    load: async () => (await import('./commands/export.ts')).exportCommand,
  },
  {
    name: 'diff',
    summary: 'Markdown for a pull-request comment: the runs added, changed or removed between two git refs',
    load: async () => (await import('./commands/diff.ts')).diffCommand,
  },
  {
    name: 'schema',
    summary: 'print or write the JSON Schemas of run.json, series.json and the --meta file',
    load: async () => (await import('./commands/schema.ts')).schemaCommand,
  },
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

/**
 * A usage error in one line. Node's own for an unknown option ends in advice about positional arguments that
 * start with '-', with an unbalanced quote: an unknown option is said plainly, with the option of the command's
 * help it most likely meant.
 */
export function usageMessage(err: Error & { code?: string }, help: string): string {
  const unknown = err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /^Unknown option '([^']+)'/.exec(err.message);
  if (!unknown) return err.message;
  return unknownOption(unknown[1]!, help.match(/--[a-z][a-z-]*/g) ?? []);
}

export async function main(argv: string[]): Promise<number> {
  // --debug is the CLI's, not the command's: commands ask debugWanted(), which reads the environment.
  if (debugWanted(argv)) process.env.BENCHSITE_DEBUG = '1';
  const [name, ...rest] = argv.filter((a) => a !== '--debug');
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp());
    return name ? 0 : 1;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    console.error(`benchsite: unknown command "${name}"\n\n${mainHelp()}`);
    return 2;
  }
  const cmd = await entry.load();
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
        `benchsite ${name}: ${usageMessage(err, cmd.help)}\n\n${cmd.help.split('\n')[0]}\n(benchsite ${name} --help for more)`,
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
