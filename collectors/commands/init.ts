import { parseArgs } from 'node:util';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { stringify } from 'yaml';
import { findRunFiles } from '../../src/runs/read-runs.ts';
import { formatZodIssues } from '../../src/runs/problems.ts';
import { SITE_CONFIG_FILE } from '../../src/runs/read-site-config.ts';
import { SiteConfigSchema, type SiteConfig } from '../../src/schemas/index.ts';
import { UsageError, type Command } from './command.ts';

/** Where the demo content goes: `npm run build:demo` (scripts/build-demo.js) builds it from there. */
export const DEMO_DIR = 'examples/demo';

const HELP = `Usage: benchsite init [--title <title>] [--author <name>] [--url <address>] [--description <line>]

Turns this clone of benchsite into your own empty site, in the folder you run it in:
  - the demo content (everything in content/: its runs, reports, attachments, meta files,
    annotations.yaml, config-families.yaml and site.yaml) moves to ${DEMO_DIR}/, where
    \`npm run build:demo\` still builds it (into dist-demo/);
  - content/site.yaml is written with your title, author and address (checked as
    \`benchsite validate\` checks it), and empty content/runs/ and content/reports/ are made.
Then \`npm run build\` builds an empty site that says how to add the first run.

Options:
  --title <title>         the site's name, on every page and the feed
  --author <name>         who publishes the results, on every page and the feed
  --url <address>         where the site is published, e.g. https://example.org/ (the feed's
                          links need it; leave it out and add it to content/site.yaml later)
  --description <line>    one line about the site, under the index page's heading

In a terminal, it asks for the title and author when they are not given (and, when no option is
given at all, for the address and description too). Without a terminal, give --title and --author.
It moves nothing when ${DEMO_DIR}/ exists already (the clone is set up): edit content/site.yaml.
docs/site-config.md lists every field of content/site.yaml.`;

/** The text of content/site.yaml: the settings, then the optional fields as comments to fill in. */
export function siteYamlText(config: SiteConfig): string {
  return `# The site's settings: docs/site-config.md lists every field; \`npx benchsite validate\` checks this file.
${stringify(config, { lineWidth: 0 })}# description: One line about the site, under the index page's heading
# base: /results/        # the path the site is served under when not at the root (--base and BENCHSITE_BASE win)
# about: |
#   Markdown for the about page (/about/): who runs the benchmarks, on what, and why.
# tags:                  # the tags your reports use (tags: [fsync] in a report), each with one line for its page
#   fsync: Storage with a high fsync latency
`.replace(/^# description: .*\n/m, config.description ? '' : '$&');
}

/**
 * Ask for the settings `values` lacks, in place: the title and author until answered, and with `all` the address
 * and description too (Enter leaves them out).
 */
export async function askSettings(
  values: Partial<Record<'title' | 'author' | 'url' | 'description', string>>,
  all: boolean,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const rl = createInterface({ input, output });
  try {
    const prompt = async (name: keyof typeof values, question: string, required: boolean) => {
      while (values[name] === undefined) {
        const answer = (await rl.question(question)).trim();
        if (answer) values[name] = answer;
        else if (!required) return;
      }
    };
    await prompt('title', 'Title of the site: ', true);
    await prompt('author', 'Author (who publishes the results): ', true);
    if (all) {
      await prompt('url', 'Address it is published at (e.g. https://example.org/; Enter for none yet): ', false);
      await prompt('description', 'One line about it (Enter for none): ', false);
    }
  } finally {
    rl.close();
  }
}

export const initCommand: Command = {
  name: 'init',
  help: HELP,
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        title: { type: 'string' },
        author: { type: 'string' },
        url: { type: 'string' },
        description: { type: 'string' },
      },
    });
    if (!existsSync('astro.config.mjs') || !existsSync('package.json'))
      throw new Error('this is not a benchsite folder (no astro.config.mjs). Run it in the folder of your clone');
    if (existsSync(DEMO_DIR))
      throw new Error(
        `${DEMO_DIR}/ exists: this clone is set up already. Edit content/${SITE_CONFIG_FILE} (docs/site-config.md lists its fields)`,
      );
    const given = { ...values };
    if (given.title === undefined || given.author === undefined) {
      if (!process.stdin.isTTY) throw new UsageError('give --title and --author (there is no terminal to ask in)');
      await askSettings(given, Object.keys(values).length === 0);
    }
    const parsed = SiteConfigSchema.safeParse(
      Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined && v !== '')),
    );
    if (!parsed.success) {
      const first = formatZodIssues('content/site.yaml', parsed.error.issues, 'give it as an option')[0]!;
      throw new UsageError(`--${first.where}: ${first.message}. ${first.hint}.`);
    }

    // The demo moves as a whole: one rename per entry of content/, nothing copied or deleted.
    const entries = existsSync('content') ? readdirSync('content') : [];
    const runs = entries.includes('runs') ? (await findRunFiles('content/runs')).length : 0;
    const reports = entries.includes('reports')
      ? readdirSync('content/reports').filter((n) => n.endsWith('.md')).length
      : 0;
    if (entries.length > 0) {
      await mkdir(DEMO_DIR, { recursive: true });
      for (const e of entries) await rename(join('content', e), join(DEMO_DIR, e));
    }
    await mkdir('content/runs', { recursive: true });
    await mkdir('content/reports', { recursive: true });
    const file = join('content', SITE_CONFIG_FILE);
    await writeFile(`${file}.tmp-${process.pid}`, siteYamlText(parsed.data));
    await rename(`${file}.tmp-${process.pid}`, file);

    if (entries.length > 0)
      console.log(
        `moved the demo (${runs} runs, ${reports} reports and the rest of content/) to ${DEMO_DIR}/: npm run build:demo builds it into dist-demo/`,
      );
    console.log(`wrote ${file} ("${parsed.data.title}" by ${parsed.data.author})`);
    console.log(
      'Next: npm run build (an empty site), then add runs with npx benchsite harvest or npx benchsite run; docs/start-your-own-site.md has the steps.',
    );
    return 0;
  },
};
