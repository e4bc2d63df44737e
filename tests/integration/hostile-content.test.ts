// Content an attacker could commit in a pull request, one run per attack (tests/fixtures/hostile/refused; its
// README lists them): `benchsite validate` and the site build refuse each with a line naming the file, and
// nothing of the machine is read or published. Links are made here: git holds no hard links, and links to
// files of the machine do not belong in the repository.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../helpers/build-site.ts';
import { benchsite } from '../helpers/cli.ts';
import { FIXTURES } from '../helpers/fixtures.ts';

const RUN = (label: string) => `content/runs/sysbench/h1/20261122-${label}`;

interface Group {
  /** Links to make in the copy before checking it. */
  links?: (dir: string) => void;
  /** One line per problem, as validate prints it (paths relative to the content's parent). */
  lines: string[];
}

const GROUPS: Record<string, Group> = {
  files: {
    links: (dir) => {
      // raw.tar.gz -> /etc/hostname: was published by the site.
      rmSync(join(dir, RUN('archive-link'), 'raw.tar.gz'));
      symlinkSync('/etc/hostname', join(dir, RUN('archive-link'), 'raw.tar.gz'));
      // run.json -> /etc/passwd: validate printed it.
      rmSync(join(dir, RUN('run-json-link'), 'run.json'));
      symlinkSync('/etc/passwd', join(dir, RUN('run-json-link'), 'run.json'));
      // A second name for raw.tar.gz, outside content/ (the archive itself, so its checksum is right).
      const outside = join(dir, 'outside.tar.gz');
      copyFileSync(join(dir, RUN('hard-link'), 'raw.tar.gz'), outside);
      rmSync(join(dir, RUN('hard-link'), 'raw.tar.gz'));
      linkSync(outside, join(dir, RUN('hard-link'), 'raw.tar.gz'));
      // A host folder that is a link to a directory of the machine.
      symlinkSync('/etc', join(dir, 'content/runs/sysbench/linked-host'));
    },
    lines: [
      `${RUN('archive-link')}/raw.tar.gz: (file): is a symbolic link, and content/ holds regular files only (a link could publish or read any file of the machine). Replace the link with the file itself.`,
      `${RUN('forged-charts')}/charts.html: (file): is not read any more: run charts are drawn from series.json when the site is built. Delete it (an older benchsite harvest wrote it).`,
      `${RUN('hard-link')}/raw.tar.gz: (file): has 2 names (hard links), and a content file must have one: its other names may be outside content/. Copy the file instead of linking it (a build by an older benchsite linked raw.tar.gz into dist/: remove dist/ and build again).`,
      `${RUN('run-json-link')}/run.json: (file): is a symbolic link, and content/ holds regular files only (a link could publish or read any file of the machine). Replace the link with the file itself.`,
      `${RUN('stray-file')}/notes.html: (file): is not a run file: a run folder holds run.json, series.json, raw.tar.gz only. Remove it, or keep it outside content/runs.`,
      `content/runs/sysbench/linked-host: (file): is a symbolic link, and content/ holds regular files only (a link could publish or read any file of the machine). Replace the link with the file itself.`,
    ],
  },
  schema: {
    lines: [
      ...['location-dev-zero', 'location-javascript', 'location-missing-file', 'location-passwd'].map(
        (label) =>
          `${RUN(label)}/run.json: provenance.rawArchive.location: must be "raw.tar.gz" (the archive beside run.json) or an http(s) URL. benchsite harvest writes "raw.tar.gz"; no other file name or path is read.`,
      ),
      `${RUN('published-url')}/run.json: provenance.published.url: not an http(s) URL. Write it as a full URL, e.g. https://example.com/post (javascript:, data: and other schemes are refused).`,
    ],
  },
  archives: {
    lines: [
      `${RUN('archive-mismatch')}/raw.tar.gz: (file): does not match the size or sha256 that run.json names (provenance.rawArchive). Restore the archive from git, or re-run benchsite harvest on the raw files.`,
      `${RUN('archive-unnamed')}/raw.tar.gz: (file): is here, but run.json names no archive (provenance.rawArchive). Remove the file, or re-run benchsite harvest on the raw files.`,
      `${RUN('archive-url-and-file')}/raw.tar.gz: (file): is here, but run.json says the archive is at https://example.com/raw.tar.gz (provenance.rawArchive.location). Remove the file, or re-run benchsite harvest on the raw files.`,
    ],
  },
};

/** A copy of a group's content, its links made, beside an empty reports folder. */
function prepare(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `benchsite-hostile-${name}-`));
  cpSync(join(FIXTURES, 'hostile/refused', name), dir, { recursive: true });
  mkdirSync(join(dir, 'content/reports'));
  GROUPS[name]!.links?.(dir);
  return dir;
}

describe.each(Object.keys(GROUPS))('hostile content: %s', { timeout: 300_000 }, (name) => {
  const { lines } = GROUPS[name]!;
  const dir = prepare(name);

  it('benchsite validate refuses each with one line naming the file, and reads nothing of the machine', () => {
    const r = benchsite(['validate'], { cwd: dir });
    expect(r.code).toBe(1);
    const printed = r.stdout.trim().split('\n');
    expect(printed.slice(0, -1)).toEqual(lines);
    expect(printed.at(-1)).toMatch(new RegExp(`^${lines.length} problem\\(s\\) in `));
    expect(r.stdout + r.stderr).not.toMatch(/root:x:0:0/);
  });

  it('the site build refuses the same, with the same lines, and publishes nothing', () => {
    const dist = join(dir, 'dist');
    const r = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', dist], {
      cwd: ROOT,
      env: { ...process.env, BENCHSITE_CONTENT: join(dir, 'content') },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(r.status).not.toBe(0);
    const output = r.stdout + r.stderr;
    // The build prints files by their full path (the content is outside the project here).
    for (const line of lines) expect(output).toContain(`${dir}/${line}`);
    expect(output).not.toContain('Stack trace');
    // Nor Node's own crash output: a run refused before Astro's build started rejected a promise nobody awaited yet.
    expect(output).not.toContain('node:internal');
    expect(output).not.toMatch(/root:x:0:0/);
    expect(existsSync(join(dist, 'runs'))).toBe(false);
  });
});

describe('hostile content: names that differ only in what exists on the machine', () => {
  it('get the same answer: validate never looks, so it tells nothing about the files of the machine', () => {
    const r = benchsite(['validate'], { cwd: prepare('schema') });
    const message = (label: string) =>
      r.stdout
        .split('\n')
        .find((l) => l.startsWith(`${RUN(label)}/`))!
        .slice(RUN(label).length);
    expect(message('location-passwd')).toBe(message('location-missing-file'));
  });
});
