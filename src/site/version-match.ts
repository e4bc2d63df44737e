// A version asked for matches a version when it is that version or a leading part of it at a boundary: "8.4"
// matches 8.4 and 8.4.8, never 18.4 or 8.40; "19" matches 19beta1. The index page's filter and the search's
// version filter (every leading part of a run's version is one of its filter values) use the same rule.

/** Whether `version` is `wanted` or starts with it at a `.` or before a letter. */
export function versionMatches(version: string, wanted: string): boolean {
  const v = version.trim().toLowerCase();
  const w = wanted.trim().toLowerCase();
  if (!w) return true;
  if (v === w) return true;
  if (!v.startsWith(w)) return false;
  const next = v[w.length]!;
  return next === '.' || (/\d$/.test(w) && /[a-z]/.test(next));
}

/** Every version a search may ask for that matches `version`: `8.4.8` -> 8, 8.4, 8.4.8; `19beta1` -> 19, 19beta1. */
export function versionPrefixes(version: string): string[] {
  const v = version.trim();
  if (!v) return [];
  const out = new Set<string>();
  for (let i = 1; i < v.length; i++) {
    if (v[i] === '.' || (/\d/.test(v[i - 1]!) && /[a-z]/i.test(v[i]!))) out.add(v.slice(0, i));
  }
  out.add(v);
  return [...out].filter((p) => !p.endsWith('.') && versionMatches(v, p));
}
