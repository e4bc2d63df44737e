// Byte arrays joined into one new array of its own (not a slice of Node's shared buffer pool, so it can be
// moved to another thread). Pure.
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
