// The run's raw archive, copied into the site so every number can be traced to the files it came from.
import type { APIRoute } from 'astro';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allRuns } from '../../../site/runs.ts';
import { RUNS_DIR } from '../../../site/content-dirs.ts';

export async function getStaticPaths() {
  return (await allRuns())
    .filter(({ run }) => run.provenance.rawArchive && !/^[a-z]+:\/\//.test(run.provenance.rawArchive.location))
    .map(({ id, run }) => ({ params: { id }, props: { file: join(RUNS_DIR, id, run.provenance.rawArchive!.location) } }));
}

export const GET: APIRoute = async ({ props }) => {
  const data = await readFile((props as { file: string }).file);
  return new Response(new Uint8Array(data), { headers: { 'Content-Type': 'application/gzip' } });
};
