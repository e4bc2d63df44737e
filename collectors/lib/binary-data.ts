// Whether a file that should hold a tool's text output holds binary data instead (a corrupt copy, the wrong
// file): such a file cannot be read, and is refused with that said rather than skipped as "not recognised".

/** Names of files that hold text output: logs, outputs, tables, and the mytools harness's `sb.*` / `o.*`. */
const TEXT_NAME = /(\.(log|txt|out|csv|tsv|json)(\.gz)?$|^(sb|o)\.[^/]*$)/;

/** Control bytes a text file never holds (tab, line feed, form feed, carriage return and escape excepted). */
const isControl = (b: number) => (b < 32 && b !== 9 && b !== 10 && b !== 12 && b !== 13 && b !== 27) || b === 127;

/**
 * Binary data where text is expected: a NUL byte, or more than one byte in ten a control byte, in the first
 * 8 KiB. Only for a file whose name says it is text output.
 */
export function binaryWhereTextExpected(name: string, bytes: Uint8Array): boolean {
  if (!TEXT_NAME.test(name)) return false;
  const n = Math.min(bytes.length, 8192);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (isControl(b)) control++;
  }
  return n > 0 && control * 10 > n;
}
