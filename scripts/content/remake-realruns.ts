// Re-make tests/fixtures/realruns/<name>.tar.gz from the original run directories, as benchsite would archive
// them: every file through the same redaction as a run's raw archive (collectors/lib/redact-file.ts: passwords
// in every form, process listings reduced to the DBMS's and the benchmark client's lines), and the passwords
// the harness notes (PROVENANCE.md) name in prose blanked. Then `tar --format=ustar` as the originals were packed
// (sorted, owner 0, the capture day as mtime, read-only) and gzip -9n.
// Usage: node scripts/content/remake-realruns.ts <originals> [name...]   (<originals>: the unredacted
// realruns directories, which a clone does not have)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { redactRawFile } from '../../collectors/lib/redact-file.ts';

/** Passwords the notes name in prose, where no form of a tool's output says they are passwords. */
const PROSE = [
  [/\b(pg_superuserpass|pg_pass|mysql_pass) (pw|tpcc)\b/g, '$1 ***'],
  [/\b(superuser root)\/pw\b/g, '$1/***'],
] as const;

const [originals, ...names] = process.argv.slice(2);
if (!originals) throw new Error('usage: remake-realruns.ts <originals dir> [name...]');
const root = join(import.meta.dirname, '../../tests/fixtures/realruns');
for (const name of names.length ? names : ['sysbench', 'ibench', 'hammerdb']) {
  const stage = mkdtempSync(join(tmpdir(), 'benchsite-realruns-'));
  let changed = 0;
  for (const f of readdirSync(join(originals, name), { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const from = join(f.parentPath, f.name);
    const path = relative(originals, from);
    let data: Uint8Array = readFileSync(from);
    const shown = redactRawFile(path, data);
    if (shown) {
      data = shown;
      changed++;
    }
    if (f.name === 'PROVENANCE.md') {
      let text = Buffer.from(data).toString('utf8');
      for (const [re, to] of PROSE) text = text.replace(re, to);
      data = Buffer.from(text);
    }
    mkdirSync(dirname(join(stage, path)), { recursive: true });
    writeFileSync(join(stage, path), data);
  }
  const tar = execFileSync(
    'tar',
    [
      ...['--format=ustar', '--sort=name', '--owner=0', '--group=0', '--numeric-owner'],
      ...['--mtime=2026-11-22 00:00:00Z', '--mode=a-w,a+rX', '-C', stage, '-cf', '-', name],
    ],
    { maxBuffer: 1 << 30 },
  );
  writeFileSync(join(root, `${name}.tar.gz`), execFileSync('gzip', ['-9n'], { input: tar, maxBuffer: 1 << 30 }));
  rmSync(stage, { recursive: true, force: true });
  console.log(`${name}.tar.gz: ${changed} files redacted`);
}
