// content/site.yaml (src/schemas/site-config.ts): the site's title, author, address and about text. Read by the
// build (astro.config.mjs for `base` and `site`, the layout for every page), by `benchsite validate` and by
// `benchsite init`, through the content file rules; a problem is one line naming the field.
import { join } from 'node:path';
import type { z } from 'zod';
import { SiteConfigSchema, type SiteConfig } from '../schemas/index.ts';
import { formatZodIssues, problem, type Problem } from './problems.ts';
import { MAX_CONFIG_FILE_CHARS, parseContentYaml } from './content-yaml.ts';
import { readContentFileSync } from './validate-files.ts';

export const SITE_CONFIG_FILE = 'site.yaml';

/** The settings of a site whose content has no site.yaml (a test's content folder): a title and nothing else. */
export type SiteSettings = Omit<SiteConfig, 'author'> & { author?: string };
export const DEFAULT_SITE: SiteSettings = { title: 'Benchmark results' };

const FIELDS = 'docs/site-config.md lists every field (title, author, description, url, base, about, tags)';

/** The site config in `text` (the file's YAML), or its problems. */
export function parseSiteConfig(file: string, text: string): { value?: SiteConfig; problems: Problem[] } {
  const yaml = parseContentYaml(text, MAX_CONFIG_FILE_CHARS);
  if (!yaml.ok)
    return { problems: [problem(file, `line ${yaml.line}:${yaml.column}`, yaml.message, `Fix the YAML; ${FIELDS}`)] };
  const r = SiteConfigSchema.safeParse(yaml.data ?? {});
  if (r.success) return { value: r.data, problems: [] };
  return { problems: formatZodIssues(file, r.error.issues.map(keyIssue), FIELDS) };
}

/** zod says only "Invalid key in record" of a bad tag name: say what is wrong with it. */
function keyIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_key') return issue;
  return {
    code: 'custom',
    path: issue.path,
    input: issue.input,
    message: `"${String(issue.path.at(-1))}" is not a tag name: ${issue.issues[0]?.message ?? 'invalid'}`,
    params: { hint: 'Write tags like fsync or insert-benchmark' },
  };
}

/**
 * The site config of a content folder: the file's settings, DEFAULT_SITE when there is none, and the
 * problems of a bad one (then `value` is DEFAULT_SITE too, so a caller that reports them can go on).
 */
export function readSiteConfig(contentDir: string): { value: SiteSettings; found: boolean; problems: Problem[] } {
  const file = join(contentDir, SITE_CONFIG_FILE);
  const read = readContentFileSync(file);
  if (!('bytes' in read))
    return { value: DEFAULT_SITE, found: false, problems: 'problem' in read && read.problem ? [read.problem] : [] };
  const r = parseSiteConfig(file, read.bytes.toString('utf8'));
  return { value: r.value ?? DEFAULT_SITE, found: true, problems: r.problems };
}
