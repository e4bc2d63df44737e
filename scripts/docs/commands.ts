// Writes docs/commands.md: every command's --help text, as the CLI prints it, with the guide page of each.
// Run after changing a command's help: node scripts/docs/commands.ts (tests/integration/docs-commands.test.ts
// checks that every help text is in the file).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The guide page of each command (relative to docs/). */
const GUIDES: Record<string, string> = {
  init: '[Start your own site](start-your-own-site.md)',
  run: '[Run benchmarks](run.md)',
  harvest: '[Harvest raw results](harvest.md)',
  import: '[Import archives and posts](import.md)',
  validate: '[Content files](content-files.md)',
  export: '[Harvest raw results](harvest.md#export)',
  diff: '[Publishing](publishing.md#pull-requests-benchsite-diff-and-previews)',
  schema: '[Content files](content-files.md)',
};

export function helpOf(args: string[]): string {
  return execFileSync(process.execPath, [`${ROOT}bin/benchsite.js`, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trimEnd();
}

/** The command names `benchsite --help` lists. */
export function commandNames(main: string): string[] {
  const list = main.split('\nCommands:\n')[1]!.split('\n\n')[0]!;
  return list.split('\n').map((l) => l.trim().split(/\s+/)[0]!);
}

export function commandsReference(): string {
  const main = helpOf(['--help']);
  const parts = [
    '# Commands',
    '',
    'Every command of `benchsite` (`npx benchsite <command>` in a clone), with its `--help` text as the command prints',
    'it. The site is built with npm scripts: `npm run build` (into `dist/`), `npm run dev`, `npm run preview`,',
    '`npm run build:demo` (the demo, after `benchsite init`).',
    '',
    'This file is written by `node scripts/docs/commands.ts`; a test checks it against the commands.',
    '',
    '```text',
    main,
    '```',
  ];
  for (const name of commandNames(main)) {
    parts.push(
      '',
      `## benchsite ${name}`,
      '',
      `Guide: ${GUIDES[name] ?? '(none)'}.`,
      '',
      '```text',
      helpOf([name, '--help']),
      '```',
    );
  }
  return `${parts.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(`${ROOT}docs/commands.md`, commandsReference());
  console.log('wrote docs/commands.md');
}
