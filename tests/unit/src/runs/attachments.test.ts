// Report attachments as `benchsite validate` and the build read them: only the files a report lists, of the type
// their names say, bounded, regular files with one name, nothing else in the folder, no folder without a report.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { attachmentType, orphanAttachmentFolders, readAttachments } from '../../../../src/runs/attachments.ts';
import { ReportAttachmentSchema } from '../../../../src/schemas/index.ts';

const FLAME =
  'tests/fixtures/mytools/bench/arc/mar26.sp.pn53.vu1.w100/sp1/o.pg.pg182_o2nofp.x10b_c8r32.perf.all.svg.gz';

function content(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchsite-attachments-'));
  mkdirSync(join(dir, 'attachments/r'), { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, 'attachments/r', name), bytes);
  return dir;
}

describe('attachment names', () => {
  it('are plain file names of types no browser runs', () => {
    for (const file of ['flame.svg.gz', 'a_b-1.csv', 'x.png'])
      expect(ReportAttachmentSchema.safeParse({ file }).success).toBe(true);
    for (const file of ['flame.svg', 'page.html', '../x.csv', 'a/b.csv', '.hidden.csv', 'x..csv', 'x.js'])
      expect(ReportAttachmentSchema.safeParse({ file }).success, file).toBe(false);
  });
  it('are served with a type no browser renders as a page', () => {
    expect(attachmentType('f.svg.gz')).toBe('application/gzip');
    expect(attachmentType('t.csv')).toBe('text/csv; charset=utf-8');
  });
});

describe('readAttachments', () => {
  it('reads the files a report lists', async () => {
    const flame = readFileSync(FLAME);
    const dir = content({ 'f.svg.gz': flame });
    const r = await readAttachments(dir, 'r', { attachments: [{ file: 'f.svg.gz', title: 'Flamegraph' }] });
    expect(r.problems).toEqual([]);
    expect(r.attachments).toEqual([{ file: 'f.svg.gz', title: 'Flamegraph', bytes: flame }]);
  });
  it('refuses a missing file, a plain SVG named .svg.gz, text with markup, a link and a stray file', async () => {
    const dir = content({
      'plain.svg.gz': '<svg><script>alert(1)</script></svg>',
      'notes.txt': 'see <script>alert(1)</script>',
      'ok.csv': 'a,b\n1,2\n',
      'stray.png': gzipSync('x'),
    });
    symlinkSync('/etc/hostname', join(dir, 'attachments/r/link.txt'));
    const r = await readAttachments(dir, 'r', {
      attachments: ['gone.csv', 'plain.svg.gz', 'notes.txt', 'ok.csv', 'link.txt'].map((file) => ({ file })),
    });
    const a = join(dir, 'attachments/r');
    expect(r.problems.map((p) => p.text)).toEqual([
      `${dir}/reports/r.md: attachments[0].file: no file ${a}/gone.csv. Put the file in ${a}/ or remove it from attachments.`,
      `${a}/plain.svg.gz: (file): is not gzip data, as its name says. Attach an SVG compressed: gzip -9 -n file.svg (an SVG may hold script, so the site never serves one as is).`,
      `${a}/notes.txt: (file): is not plain text, as its name says. Give it the name of what it is, or convert it.`,
      `${a}/link.txt: (file): is a symbolic link, and content/ holds regular files only (a link could publish or read any file of the machine). Replace the link with the file itself.`,
      `${a}/stray.png: (file): is not an attachment of ${dir}/reports/r.md. List it under attachments in the report, or remove it.`,
    ]);
    expect(r.attachments.map((x) => x.file)).toEqual(['ok.csv']);
  });
  it('refuses a folder that belongs to no report', async () => {
    const dir = content({});
    expect((await orphanAttachmentFolders(dir, new Set(['other']))).map((p) => p.text)).toEqual([
      `${dir}/attachments/r: (file): is not the attachment folder of a report: there is no content/reports/r.md. Name the folder as the report file (without .md), or remove it.`,
    ]);
    expect(await orphanAttachmentFolders(dir, new Set(['r']))).toEqual([]);
  });
});
