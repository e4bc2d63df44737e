// What every table typed in from a post needs from --meta: the host it measured and the post itself. Pure.
import type { Meta } from '../../src/schemas/index.ts';

/** The problems with a meta file for a published table, each naming the file and the field to add. */
export function postMetaProblems(meta: Meta, metaName = '--meta'): string[] {
  const problems: string[] = [];
  if (!meta.host?.name)
    problems.push(`${metaName}: host.name is missing. Name the host the post measured, e.g. host: { name: ax162s }.`);
  if (!meta.published?.title)
    problems.push(
      `${metaName}: published.title is missing. Name the post the table comes from (published: { title, date, url }).`,
    );
  if (!(meta.published?.date ?? meta.date))
    problems.push(`${metaName}: published.date is missing. Give the post's date (YYYY-MM-DD).`);
  return problems;
}
