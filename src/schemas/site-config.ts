import { z } from 'zod';
import { Text } from './common.ts';
import { HttpUrl } from './url.ts';

/**
 * A tag of reports, like a blog's labels (`fsync`, `mariadb`): lower-case letters, digits and hyphens, since it
 * is part of its page's address, `/tags/<tag>/`.
 */
export const Tag = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/, 'expected lower-case letters, digits and inner hyphens, e.g. fsync');

/** A path the site is served under: `/`, or `/<name>/.../` (letters, digits, `.`, `_`, `-`). */
export const BasePath = z
  .string()
  .regex(/^\/(?:[A-Za-z0-9._-]+\/)*$/, 'expected a path that starts and ends with /, e.g. /results/');

/**
 * `content/site.yaml`: the publisher's own settings of the site (`benchsite init` writes it). Without the file the
 * site is titled "Benchmark results" and has no author, feed or about text.
 */
export const SiteConfigSchema = z.strictObject({
  /** The site's name: in the header and the browser title of every page, and the title of the feed. */
  title: Text,
  /** Who publishes these results: in the footer of every page, on the about page, and the feed's author. */
  author: Text,
  /** One line about the site: under the index page's heading, its description for search engines, the feed's subtitle. */
  description: Text.optional(),
  /**
   * The address the site is published at, e.g. `https://example.org/` or `https://owner.github.io/results/`. The
   * feed's links are absolute URLs on its host; without it the site has no feed.
   */
  url: HttpUrl.optional(),
  /**
   * The path the site is served under when the build is given neither `--base` nor BENCHSITE_BASE (both win over
   * this), e.g. `/results/`. Default `/`.
   */
  base: BasePath.optional(),
  /** The about page (`/about/`): Markdown, with the same rules as a report's prose (text and links, no HTML). */
  about: Text.optional(),
  /**
   * The tags reports use (`tags:` in a report's frontmatter), each with one line shown on its tag page, e.g.
   * `fsync: "Storage whose fsync is slow, and what avoids it"`. A report may use a tag not listed here.
   */
  tags: z.record(Tag, Text).optional(),
});

export type SiteConfig = z.infer<typeof SiteConfigSchema>;
