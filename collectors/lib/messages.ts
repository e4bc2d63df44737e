// Every hint that tells the user which `--meta` fact to give, worded once so that every harvester and importer
// says the same thing the same way (docs/harvest.md shows the meta file these name).

/** The fact a run needs most: its date. */
const PASS_META_DATE = 'Pass --meta <file> with "date: YYYY-MM-DD"';

/** The error when nothing gives the run date: `<input>: <what is missing>. Pass --meta ... [<orElse>].` */
export function noRunDate(input: string, missing: string, orElse?: string): string {
  return `${input}: ${missing}. ${PASS_META_DATE}${orElse ? ` ${orElse}` : ''}.`;
}

/** The note when the run date was taken from file modification times, which may say when files were copied. */
export function dateFromFileTimes(date: string): string {
  return `the run date ${date} comes from file modification times, which after a copy, an unpacked download or a git checkout are the copy's, not the run's: pass --meta with date: YYYY-MM-DD if that is wrong`;
}

/** The note when neither the files (`where`, e.g. "the raw files") nor --meta name the host. */
export function noHostName(where: string): string {
  return `no host name in ${where}: pass --meta with host: { name: <host> }`;
}

/** The note when iostat saw several busy devices and nothing said which one holds the database. */
export function noIostatDevice(test: string): string {
  return `${test}: several iostat devices did IO and none was chosen; pass --meta with device: <name> for per-operation IO`;
}

/**
 * The note when `--meta device` names a device the iostat files do not have (a typo, or meta written for
 * another host): without it every per-operation IO metric would silently stay empty.
 */
export function deviceNotInIostat(
  given: string,
  seen: string[],
  fallback?: { device?: string; source?: string },
): string {
  const devices = seen.length > 0 ? seen.join(', ') : 'none';
  const then = fallback?.device
    ? `; using ${fallback.device} (${fallback.source}) instead`
    : '; the IO metrics per operation stay empty';
  return `device ${given} (from --meta) is not in the iostat files; devices seen: ${devices}${then}`;
}

/** Push a note once: per-test code sees the same run-wide problem once per test. */
export function noteOnce(notes: string[], note: string): void {
  if (!notes.includes(note)) notes.push(note);
}

/** The error when a post's table is imported without the meta file that names the post and host. */
export function metaRequiredFor(names: string[]): string {
  return `--meta <file> is required for ${names.join(', ')}: it names the post and the host of the table`;
}

/** The error when the --meta file cannot be read. */
export function cannotReadMeta(path: string): string {
  return `${path}: cannot read the --meta file. Check the path.`;
}
