// Which settings differ between two configs, for the "configuration" sections of reports.

/** Settings that differ between two configs: key -> [a, b] (undefined where one does not set it), sorted by key. */
export function diffSettings(
  a: Record<string, string>,
  b: Record<string, string>,
): Array<{ key: string; a?: string; b?: string }> {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.filter((k) => a[k] !== b[k]).map((k) => ({ key: k, a: a[k], b: b[k] }));
}
