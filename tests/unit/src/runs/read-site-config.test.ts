import { describe, expect, it } from 'vitest';
import { mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SITE, parseSiteConfig, readSiteConfig } from '../../../../src/runs/read-site-config.ts';
import { siteYamlText } from '../../../../collectors/commands/init.ts';

describe('content/site.yaml', () => {
  it('reads the committed file: the demo site, with a description line for every tag its reports use', async () => {
    const r = readSiteConfig('content');
    expect(r.problems).toEqual([]);
    expect(r.found).toBe(true);
    expect(r.value.title).toBe('benchsite demo');
    expect(r.value.url).toMatch(/^https:\/\//);
    expect(Object.keys(r.value.tags ?? {})).toEqual(expect.arrayContaining(['fsync', 'mariadb', 'sysbench']));
  });

  it('without the file: a default title and nothing else, no problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-config-'));
    expect(readSiteConfig(dir)).toEqual({ value: DEFAULT_SITE, found: false, problems: [] });
  });

  it('one line per problem, naming the field, what is wrong and what to do', () => {
    const r = parseSiteConfig(
      'content/site.yaml',
      `title: ok
author: ""
url: "javascript:alert(1)"
base: results
tags: { "Fsync": x }
colour: red
`,
    );
    expect(r.value).toBeUndefined();
    expect(r.problems.map((p) => `${p.where}: ${p.message}`)).toEqual([
      'author: expected string to have >=1 characters',
      'url: not an http(s) URL',
      'base: expected a path that starts and ends with /, e.g. /results/',
      'tags.Fsync: "Fsync" is not a tag name: expected lower-case letters, digits and inner hyphens, e.g. fsync',
      '(root): unknown field "colour"',
    ]);
    for (const p of r.problems) expect(p.text).not.toContain('\n');
    expect(r.problems[0]!.text).toMatch(/^content\/site\.yaml: author: /);
  });

  it('a missing title and a file that is not YAML', () => {
    expect(parseSiteConfig('s.yaml', 'author: me\n').problems[0]!.text).toMatch(
      /^s\.yaml: title: missing required field \(expected string\)\. Add it; docs\/site-config\.md lists every field/,
    );
    expect(parseSiteConfig('s.yaml', 'title: [\n').problems[0]!.text).toMatch(
      /^s\.yaml: line 2:1: YAML syntax error: /,
    );
    expect(parseSiteConfig('s.yaml', '').problems.map((p) => p.where)).toEqual(['title', 'author']);
  });

  it('is read through the content file rules: a symbolic link is refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'site-config-'));
    await writeFile(join(dir, 'real.yaml'), 'title: t\nauthor: a\n');
    await symlink(join(dir, 'real.yaml'), join(dir, 'site.yaml'));
    const r = readSiteConfig(dir);
    expect(r.value).toEqual(DEFAULT_SITE);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.file).toBe(join(dir, 'site.yaml'));
  });

  it('the file benchsite init writes reads back as the same settings, with odd characters kept', () => {
    const config = {
      title: 'Tom\'s "results" & <more>: # not a comment',
      author: 'Ann: B',
      url: 'https://example.org/x/',
    };
    const text = siteYamlText(config);
    expect(parseSiteConfig('site.yaml', text)).toEqual({ value: config, problems: [] });
    expect(text).toContain('# description:');
    const withDescription = siteYamlText({ ...config, description: 'one line' });
    expect(withDescription).not.toContain('# description:');
    expect(parseSiteConfig('site.yaml', withDescription).value?.description).toBe('one line');
  });
});
