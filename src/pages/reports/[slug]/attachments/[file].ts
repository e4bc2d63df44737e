// A report's attachments, published as files beside its page (`/reports/<slug>/attachments/<file>`), never
// inlined: read and checked by src/runs/attachments.ts, the same checks as `benchsite validate`.
import type { APIRoute } from 'astro';
import { reportEntries } from '../../../../site/report-entries.ts';
import { contentError } from '../../../../runs/problems.ts';
import { attachmentType, orphanAttachmentFolders, readAttachments } from '../../../../runs/attachments.ts';
import { CONTENT_DIR } from '../../../../site/content-dirs.ts';

export async function getStaticPaths() {
  const entries = await reportEntries();
  const orphans = await orphanAttachmentFolders(CONTENT_DIR, new Set(entries.map((e) => e.id)));
  if (orphans.length)
    throw contentError(
      `${CONTENT_DIR}/attachments/`,
      orphans.map((p) => p.text),
    );
  const out = [];
  for (const entry of entries) {
    const { attachments, problems } = await readAttachments(CONTENT_DIR, entry.id, entry.data);
    if (problems.length)
      throw contentError(
        `${CONTENT_DIR}/attachments/${entry.id}/`,
        problems.map((p) => p.text),
      );
    for (const a of attachments) out.push({ params: { slug: entry.id, file: a.file }, props: { bytes: a.bytes } });
  }
  return out;
}

export const GET: APIRoute = ({ params, props }) =>
  new Response(new Uint8Array((props as { bytes: Buffer }).bytes), {
    headers: {
      'Content-Type': attachmentType(params.file!),
      // What a server that sends headers (the dev server, a host that honours them) is told: save it, do not show it.
      'Content-Disposition': 'attachment',
      'X-Content-Type-Options': 'nosniff',
    },
  });
