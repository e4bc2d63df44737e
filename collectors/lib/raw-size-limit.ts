// The bound of one raw input, unpacked (BENCHSITE_MAX_RAW): an input is held in memory whole, so its size is
// bounded, and a small archive that unpacks to gigabytes is refused at the bound.
import { InputError } from './input-error.ts';

/** The default bound of an input's raw files, unpacked: far above a day of 1-second samples. */
const DEFAULT_MAX_RAW_BYTES = 2 * 1024 ** 3;

/** `2G`, `500M`, `64k` or bytes: a size as BENCHSITE_MAX_RAW is written. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$/i.exec(text);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * 1024 ** ' kmgt'.indexOf(m[2]!.toLowerCase() || ' '));
}

/** The bound of an input's raw files: BENCHSITE_MAX_RAW, else 2 GiB. */
export function maxRawBytes(): number {
  const set = process.env.BENCHSITE_MAX_RAW;
  if (set === undefined || set === '') return DEFAULT_MAX_RAW_BYTES;
  const n = parseSize(set);
  if (!n) throw new Error(`BENCHSITE_MAX_RAW=${set} is not a size. Write it as bytes or with K, M, G, e.g. 4G.`);
  return n;
}

export const shownSize = (n: number) =>
  n >= 1024 ** 3
    ? `${+(n / 1024 ** 3).toFixed(2)} GiB`
    : n >= 1024 ** 2
      ? `${+(n / 1024 ** 2).toFixed(1)} MiB`
      : `${n} bytes`;

/** An input over the bound. */
export class InputTooLarge extends InputError {}

/** The refusal of an input over the bound: what, how much, and how to raise the bound. */
export function tooLarge(what: string, limit: number): InputTooLarge {
  return new InputTooLarge({
    file: what,
    what: `the raw files unpack to more than ${shownSize(limit)}, the limit of one input, so benchsite stops here (a small archive that unpacks to this much may be a decompression bomb)`,
    todo: 'If the input is genuine, raise the limit: BENCHSITE_MAX_RAW=8G, or harvest its run directories one by one',
  });
}
