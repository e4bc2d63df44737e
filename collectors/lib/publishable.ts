// What a harvested run may put into content/, applied by the run writer to every run (harvest, import, run):
// secrets redacted in every string of run.json and series.json (redact.ts, redact-text.ts) and in every raw
// file of the archive (redact-file.ts), and no string from the input longer than MAX_TEXT_CHARS (a 100 MB
// token on a command line would otherwise make a 300 MB run.json).
import type { Run } from '../../src/schemas/index.ts';
import type { HarvestedRun } from './harvested.ts';
import type { RawEntry } from './raw-tree.ts';
import { sha256Hex } from './provenance.ts';
import type { SeriesFile } from '../../src/schemas/index.ts';
import { redactCommand, redactSetting, redactSettings } from './redact.ts';
import { redactRawFile } from './redact-file.ts';
import { redactRawText } from './redact-text.ts';

/** The longest string a run.json keeps; longer ones are cut with a note saying how much is left out. */
export const MAX_TEXT_CHARS = 64 << 10;

/** A string cut to MAX_TEXT_CHARS, with the visible marker that says so. */
export function capText(s: string): string {
  if (s.length <= MAX_TEXT_CHARS) return s;
  return `${s.slice(0, MAX_TEXT_CHARS)}… [cut by benchsite: ${s.length - MAX_TEXT_CHARS} more characters are in the raw files]`;
}

/** Every string in a JSON value cut by capText (object keys too: test names are keys of series and settings). */
function capStrings<T>(value: T): T {
  if (typeof value === 'string') return capText(value) as T;
  if (Array.isArray(value)) return value.map(capStrings) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [capText(k), capStrings(v)])) as T;
  return value;
}

/**
 * Keys whose strings name something else and must stay as written: the run id's parts, test names and the
 * references to them, series names, metric names and raw file paths (members of the archive).
 */
const REFERENCES = new Set([
  'benchmark',
  'label',
  'date',
  'dateSource',
  'test',
  'metric',
  'rawFiles',
  'rawArchive',
  'series',
  'source',
]);

/** Every string of a JSON value redacted as text (redactRawText), but those under REFERENCES keys. In place. */
function redactStrings(value: unknown, isTestOrHost = false): unknown {
  if (typeof value === 'string') return redactRawText(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = redactStrings(value[i], isTestOrHost);
    return value;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(o)) {
      if (REFERENCES.has(k) || (isTestOrHost && k === 'name')) continue;
      o[k] = redactStrings(v, k === 'tests' || k === 'host');
    }
  }
  return value;
}

/** The run as it may be published: a copy with long strings cut (first: redacting them is then cheap) and secrets redacted. */
export function publishableRun(run: Run): Run {
  const out = capStrings(run);
  out.provenance.commands = out.provenance.commands.map((c) => redactCommand(c));
  for (const t of out.tests) {
    if (t.command) t.command = redactCommand(t.command);
    if (t.params)
      for (const [k, v] of Object.entries(t.params)) if (typeof v === 'string') t.params[k] = redactSetting(k, v);
  }
  if (out.config.settings) out.config.settings = redactSettings(out.config.settings);
  redactStrings(out);
  return out;
}

/** series.json's content as it may be published: its devices and column names and units redacted (series names are references). */
export function publishableSeries(series: SeriesFile): SeriesFile {
  const tests = Object.fromEntries(
    Object.entries(series.tests).map(([test, list]) => [
      test,
      list.map((s) => ({
        ...s,
        ...(s.device === undefined ? {} : { device: redactRawText(s.device) }),
        columns: s.columns.map((c) => ({ name: redactRawText(c.name), unit: redactRawText(c.unit) })),
      })),
    ]),
  );
  return { ...series, tests };
}

/**
 * The raw files that redaction changes, each with the bytes it may be archived with (redact-file.ts). Pure: the
 * files are left as they are, so this may run before a harvester reads them (raw-archive.ts).
 */
export function rawRedactions(raw: RawEntry[]): Map<string, Uint8Array> {
  const changed = new Map<string, Uint8Array>();
  for (const e of raw) {
    const data = redactRawFile(e.path, e.data);
    if (data) changed.set(e.path, data);
  }
  return changed;
}

/** Put rawRedactions' bytes in place in the run: its raw files and their manifest entries (size, sha256). */
export function applyRawRedactions(h: HarvestedRun, changed: Map<string, Uint8Array>): string[] {
  if (!changed.size) return [];
  for (const e of h.raw) {
    const data = changed.get(e.path);
    if (!data) continue;
    e.data = data;
    e.sha256 = sha256Hex(data);
  }
  const byPath = new Map(h.raw.map((e) => [e.path, e]));
  for (const f of h.run.provenance.rawFiles) {
    const e = byPath.get(f.path);
    if (e?.sha256) Object.assign(f, { bytes: e.data.length, sha256: e.sha256 });
  }
  return [...changed.keys()];
}

/**
 * Redact secrets in the raw files of a run before they are archived (in place, so the archive and the
 * manifest agree; doing it twice changes nothing). Returns the paths of the files that changed.
 */
export function redactRawFiles(h: HarvestedRun): string[] {
  return applyRawRedactions(h, rawRedactions(h.raw));
}
