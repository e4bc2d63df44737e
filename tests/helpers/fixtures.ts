// Access to tests/fixtures (copied from the project's research fixtures; see tests/fixtures/PROVENANCE.md).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { readTar } from '../../collectors/lib/tar.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function fixtureText(path: string): string {
  return readFileSync(FIXTURES + path, 'utf8');
}

const archives = new Map<string, Map<string, Uint8Array>>();

/** Files of a compressed fixture archive (e.g. `realruns/sysbench.tar.gz`), by path inside it. */
export function archiveFiles(archive: string): Map<string, Uint8Array> {
  let files = archives.get(archive);
  if (!files) {
    files = new Map(readTar(gunzipSync(readFileSync(FIXTURES + archive))).map((e) => [e.path, e.data]));
    archives.set(archive, files);
  }
  return files;
}

export function archiveText(archive: string, path: string): string {
  const data = archiveFiles(archive).get(path);
  if (!data) throw new Error(`${path} is not in ${archive}`);
  return new TextDecoder().decode(data);
}

export const MYTOOLS_FEB25 = 'mytools/bench/arc/feb25.pg.flat/x.pg1023_o2nofp.x10a_c32r128.pk1/';
export const MYTOOLS_NOV25 = 'mytools/bench/arc/nov25.sb.mysql/dop1/x.my8043_rel_o2nofp.z12a_c8r32.pk1/';
