// Files attached to reports: `content/attachments/<report file name>/<file>`, named in the report's
// `attachments`. Shared by `benchsite validate` and the build, which publishes each as a file beside the report
// page (never inlined). Content comes from anyone's pull request, so: only the names the report lists are read,
// through readContentFile (regular files with one name, no links), each bounded in size, each of a type no
// browser runs (the schema's names), with bytes that are that type (a `.gz` is gzip, a `.png` a PNG ...), and
// nothing else may sit in an attachment folder.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Report } from '../schemas/index.ts';
import { problem, type Problem } from './problems.ts';
import { readContentFile } from './validate-files.ts';

/** The largest attachment published (a flamegraph compressed is a few hundred KB). */
const MAX_ATTACHMENT_BYTES = 16 << 20;

/** Where a report's attachments are. */
const attachmentDir = (contentDir: string, slug: string) => join(contentDir, 'attachments', slug);

const MAGIC: Array<{ ext: RegExp; what: string; ok: (b: Buffer) => boolean }> = [
  { ext: /\.gz$/, what: 'gzip data', ok: (b) => b[0] === 0x1f && b[1] === 0x8b },
  { ext: /\.png$/, what: 'a PNG image', ok: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  { ext: /\.jpg$/, what: 'a JPEG image', ok: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  // Text a browser shows as text: no NUL byte, and no markup that a browser sniffing the type could run.
  {
    ext: /\.(txt|csv)$/,
    what: 'plain text',
    ok: (b) => !b.includes(0) && !/<\s*(script|html|svg)/i.test(b.toString('latin1')),
  },
];

export interface Attachment {
  file: string;
  title?: string;
  bytes: Buffer;
}

/**
 * The report's attachments read and checked, and the problems: a listed file missing, too large, a link, or not
 * of its type; a file in the folder the report does not list.
 */
export async function readAttachments(
  contentDir: string,
  slug: string,
  report: Pick<Report, 'attachments'>,
  reportFile = join(contentDir, 'reports', `${slug}.md`),
): Promise<{ attachments: Attachment[]; problems: Problem[] }> {
  const dir = attachmentDir(contentDir, slug);
  const listed = report.attachments ?? [];
  const problems: Problem[] = [];
  const attachments: Attachment[] = [];
  for (const [i, a] of listed.entries()) {
    const file = join(dir, a.file);
    const read = await readContentFile(file);
    if ('missing' in read) {
      problems.push(
        problem(
          reportFile,
          `attachments[${i}].file`,
          `no file ${file}`,
          `Put the file in ${dir}/ or remove it from attachments`,
        ),
      );
      continue;
    }
    if ('problem' in read) {
      problems.push(read.problem);
      continue;
    }
    if (read.bytes.length > MAX_ATTACHMENT_BYTES) {
      problems.push(
        problem(
          file,
          '(file)',
          `is ${read.bytes.length} bytes, more than the ${MAX_ATTACHMENT_BYTES} an attachment may have`,
          'Compress it or attach less',
        ),
      );
      continue;
    }
    const kind = MAGIC.find((m) => m.ext.test(a.file))!;
    if (!kind.ok(read.bytes)) {
      problems.push(
        problem(
          file,
          '(file)',
          `is not ${kind.what}, as its name says`,
          a.file.endsWith('.svg.gz')
            ? 'Attach an SVG compressed: gzip -9 -n file.svg (an SVG may hold script, so the site never serves one as is)'
            : 'Give it the name of what it is, or convert it',
        ),
      );
      continue;
    }
    attachments.push({ file: a.file, ...(a.title ? { title: a.title } : {}), bytes: read.bytes });
  }
  let present: string[] = [];
  try {
    present = await readdir(dir);
  } catch {
    // no folder: every listed file is missing, reported above
  }
  const names = new Set(listed.map((a) => a.file));
  for (const name of present.filter((n) => !names.has(n) && !n.startsWith('.')).sort())
    problems.push(
      problem(
        join(dir, name),
        '(file)',
        `is not an attachment of ${reportFile}`,
        'List it under attachments in the report, or remove it',
      ),
    );
  return { attachments, problems };
}

/** Attachment folders of reports that do not exist. */
export async function orphanAttachmentFolders(contentDir: string, slugs: Set<string>): Promise<Problem[]> {
  let dirs: string[];
  try {
    dirs = await readdir(join(contentDir, 'attachments'));
  } catch {
    return [];
  }
  return dirs
    .filter((d) => !d.startsWith('.') && !slugs.has(d))
    .sort()
    .map((d) =>
      problem(
        join(contentDir, 'attachments', d),
        '(file)',
        `is not the attachment folder of a report: there is no content/reports/${d}.md`,
        'Name the folder as the report file (without .md), or remove it',
      ),
    );
}

/** The Content-Type an attachment is served with: none that a browser renders as a document. */
export function attachmentType(file: string): string {
  if (file.endsWith('.gz')) return 'application/gzip';
  if (file.endsWith('.png')) return 'image/png';
  if (file.endsWith('.jpg')) return 'image/jpeg';
  if (file.endsWith('.csv')) return 'text/csv; charset=utf-8';
  return 'text/plain; charset=utf-8';
}
