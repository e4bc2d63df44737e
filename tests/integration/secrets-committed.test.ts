// What is committed publishes no password: every file under content/ and every archive or compressed file under
// tests/fixtures, opened member by member (members of members too), is searched for the passwords of the real
// runs (`pw` and `tpcc`, in every form HammerDB, the mytools harness and the clients wrote them) and for the
// arguments of unrelated processes that the harness's process listings carried (its VM's agent and its
// environment dump).
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/build-site.ts';
import { everyFile, fileAndMembers } from '../helpers/planted-secrets.ts';

const FORMS: Array<[string, RegExp]> = [
  ['a password setting of pw or tpcc', /(?:pass|pwd)\w*["']?\s*[:=]?\s*["']?(?:pw|tpcc)\b/i],
  ['a HammerDB change of a password', /Changed \S+:\w*pass\w* from (?!\*\*\* to \*\*\* )/],
  ['a HammerDB unchanged password', /Value (?!\*\*\* )\S+ for \S+:\w*pass/],
  ["the harness's database argument", /\b(?:mysql|mariadb|postgres),\w+,pw,/],
  ['mysql -p', /(?:^|\s)-ppw\b/m],
  ['a process listing with arguments of other processes', /binary_backend --|\/process_api --|pyenv-exec /],
];

describe('committed files', { timeout: 300_000 }, () => {
  it('content/ and the archives of tests/fixtures hold none of the known passwords or process arguments', () => {
    const archives = readdirSync(join(ROOT, 'tests/fixtures'), { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && /\.(gz|tgz|zst)$/.test(f.name))
      .map((f) => join(f.parentPath, f.name));
    expect(archives.some((a) => a.endsWith('realruns/hammerdb.tar.gz'))).toBe(true);
    const found: string[] = [];
    let searched = 0;
    const search = (files: Iterable<{ name: string; bytes: Buffer }>) => {
      for (const f of files) {
        searched++;
        const text = f.bytes.toString('latin1');
        for (const [what, re] of FORMS) {
          const m = re.exec(text);
          if (m)
            found.push(`${f.name}: ${what}: ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 40))}`);
        }
      }
    };
    search(everyFile(join(ROOT, 'content')));
    for (const a of archives) search(fileAndMembers(a));
    expect(found).toEqual([]);
    // The archives were opened: thousands of members, not a few files.
    expect(searched).toBeGreaterThan(10_000);
  });
});
