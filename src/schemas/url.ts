// Links that come from content (run files, meta files, report Markdown) and may end up in an href. Content may
// come from anyone's pull request, so only http(s) URLs and relative paths are links: `javascript:`, `data:`,
// `vbscript:` and every other scheme are refused here, and the site renders links only through
// src/site/safe-url.ts, which applies the same test.
import { z } from 'zod';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// Browsers drop tabs and newlines anywhere in a URL and blanks at its ends (`java\nscript:` is `javascript:`),
// so a link with any white space or control character is refused outright.
const BLANK_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

/** The archive beside run.json: the only local file a run's `rawArchive.location` may name. */
export const RAW_ARCHIVE_FILE = 'raw.tar.gz';

/** An absolute http(s) URL with a host, nothing blank or invisible in it. */
export function isHttpUrl(text: string): boolean {
  if (BLANK_OR_CONTROL.test(text)) return false;
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return false;
  try {
    return new URL(text).host !== '';
  } catch {
    return false;
  }
}

/** A link a page may show: an http(s) URL, or a relative path (no scheme at all). */
export function isAllowedLink(text: string): boolean {
  if (text === '' || BLANK_OR_CONTROL.test(text)) return false;
  return SCHEME.test(text) ? isHttpUrl(text) : true;
}

/** An absolute http(s) URL, e.g. a post's address. Any other scheme (`javascript:`, `data:`, `file:`) is refused. */
export const HttpUrl = z.url({ protocol: /^https?$/ }).refine((u) => !BLANK_OR_CONTROL.test(u), {
  message: 'the URL holds white space or control characters',
  params: { hint: 'Write a blank as %20; other invisible characters do not belong in a URL' },
});

/** Where a run's raw archive is: `raw.tar.gz` beside run.json, or an http(s) URL when archives are kept elsewhere. */
export const RawArchiveLocation = z.string().refine((l) => l === RAW_ARCHIVE_FILE || isHttpUrl(l), {
  message: `must be "${RAW_ARCHIVE_FILE}" (the archive beside run.json) or an http(s) URL`,
  params: { hint: `benchsite harvest writes "${RAW_ARCHIVE_FILE}"; no other file name or path is read` },
});
