// A .tar.gz input of `harvest` -> files in memory: unpacked as a stream, each file's size checked before its bytes
// are kept (raw-size-limit.ts), members that would leave the archive's folder refused, an archive cut short read
// up to the folders it ends inside.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { InputError } from './input-error.ts';
import { tooLarge } from './raw-size-limit.ts';
import { GZIP_TODO, byPath, gzipProblem, type RawTree } from './raw-tree.ts';
import { TarFormatError, TarReader } from './tar.ts';

/**
 * The files of a .tar.gz input, unpacked as a stream up to `limit` bytes. An archive cut short gives the
 * members before the cut, less the files of the folders it ends inside, which are refused with the cut.
 */
export async function readTarGz(input: string, limit: number): Promise<RawTree> {
  const unpacked = await unpackTarGz(input, limit);
  const entries = unpacked.entries.map((e) => ({
    path: memberPath(input, e.path),
    data: e.data,
    mtimeMs: e.mtime ? e.mtime * 1000 : undefined,
  }));
  // A member stored twice (tar -r appends) is what tar -x leaves: the last copy.
  const last = new Map(entries.map((e) => [e.path, e]));
  const tree: RawTree = {
    name: basename(input).replace(/\.(tar\.gz|tgz)$/, ''),
    entries: [...last.values()].sort(byPath),
  };
  if (unpacked.cut) {
    // The members before the cut are whole (a truncated file loses its end, not its start), but the folders
    // the archive ends inside may have had more files after it: their files are left out too, so no run is
    // harvested from part of its files. Folders tar had finished before the cut are read.
    const open = openFolders(unpacked.cut.openAt);
    const folder = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
    const partial = tree.entries.filter((e) => open.has(folder(e.path)));
    tree.entries = tree.entries.filter((e) => !open.has(folder(e.path)));
    tree.refused = [{ path: unpacked.cut.path || input, reason: unpacked.cut.reason }];
    if (partial.length)
      tree.refused.push({
        path: input,
        reason: new InputError({
          file: input,
          what: `${partial.length} file(s) of the folders it is cut inside (${[...open].map((d) => d || '(top)').join(', ')}) are left out too, since their files after the cut are lost: ${partial
            .slice(0, 5)
            .map((e) => e.path)
            .join(', ')}${partial.length > 5 ? ` and ${partial.length - 5} more` : ''}`,
          todo: 'Make the archive again (tar -czf) from the complete files',
        }).message,
      });
  }
  return tree;
}

/**
 * A member's path as a path inside the input: `./` and empty segments dropped. A member that would leave the
 * archive's folder (`..`, an absolute path, a drive letter) is refused: benchsite reads no path it names, and a
 * result directory packed with tar -czf never holds one.
 */
function memberPath(input: string, path: string): string {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (
    path.startsWith('/') ||
    /^[a-zA-Z]:/.test(path) ||
    path.includes('\\') ||
    parts.includes('..') ||
    parts.length === 0
  )
    throw new InputError({
      file: input,
      what: `the archive holds a member named ${JSON.stringify(path.slice(0, 200))}, which is outside the archive's folder`,
      todo: 'Make the archive again from the result directory (tar -czf x.tar.gz dir), or harvest the directory',
    });
  return parts.join('/');
}

/**
 * The files of a .tar.gz, unpacked as a stream and refused as soon as they pass `limit` bytes. An archive cut
 * short (a truncated download) gives the members before the cut, and `cut` names the member it ends inside.
 */
async function unpackTarGz(input: string, limit: number) {
  let kept = 0;
  const tar = new TarReader((path, size) => {
    kept += size;
    if (kept > limit) throw tooLarge(`${input} (at ${path})`, limit);
  });
  const source = createReadStream(input);
  const gunzip = createGunzip();
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  let unpacked = 0;
  let endsEarly: string | undefined;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      // Headers and padding count too: an archive of nothing but those is still refused at the limit.
      if (unpacked > limit + (64 << 20)) throw tooLarge(input, limit);
      tar.push(chunk);
      if (tar.done) break;
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    if (e instanceof TarFormatError)
      throw new InputError({
        file: input,
        what: `not a tar archive inside the gzip: ${e.message}`,
        todo: 'Make the archive again with tar -czf',
      });
    const code = (e as NodeJS.ErrnoException).code;
    // gzip data that stops (a truncated file) holds the members before the cut as they were.
    if (code === 'Z_BUF_ERROR' && /unexpected end of file/.test((e as Error).message)) endsEarly = gzipProblem(e);
    else
      throw new InputError({
        file: input,
        what: code?.startsWith('Z_') ? gzipProblem(e) : `cannot be read (${(e as Error).message})`,
        todo: code?.startsWith('Z_') ? `${GZIP_TODO}; a .tar.gz is made with tar -czf` : undefined,
      });
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  const entries = tar.end();
  const cutShort = tar.cutShort ?? (endsEarly !== undefined ? '' : undefined);
  if (cutShort === undefined) return { entries };
  const whole = entries.filter((e) => e.path !== cutShort);
  // A cut between members (in a header, or after a whole member) is inside the folders of the last whole
  // member: the archive may have held more of their files after it.
  const between = cutShort === '' || cutShort === '(a header)';
  const openAt = between ? (whole.at(-1)?.path ?? '') : cutShort;
  if (whole.length === 0)
    throw new InputError({
      file: input,
      what: endsEarly ?? `the archive ends inside ${JSON.stringify(tar.cutShort)}: it is truncated`,
      todo: 'Make the archive again (tar -czf) from the complete files',
    });
  const inside = between
    ? `${cutShort === '' ? 'after' : 'inside the header after'} its last whole member ${JSON.stringify(openAt)}`
    : `inside ${JSON.stringify(cutShort)}`;
  const reason = new InputError({
    file: input,
    what: `the archive is cut short ${inside}${endsEarly ? ' (the gzip data ends early)' : ''}: ${between ? '' : 'that member is left out, and '}the members before it are read`,
    todo: 'Make the archive again (tar -czf) from the complete files',
  }).message;
  return { entries: whole, cut: { path: between ? '' : cutShort, openAt, reason } };
}

/** The folders a member path is in, up to the top (`''`): those a tar cut at that member is inside. */
function openFolders(path: string): Set<string> {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  const out = new Set<string>(['']);
  for (let k = 1; k < parts.length; k++) out.add(parts.slice(0, k).join('/'));
  return out;
}
