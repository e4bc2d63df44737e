// Dates a log prints on lines of their own: the output of `date` a harness runs between tests (`Tue Mar  5
// 10:00:01 UTC 2024`, `Tue 05 Mar 2024 10:00:01 AM UTC`), an ISO timestamp a line starts with (`2024-03-05
// 10:00:01 ...`, `2024-03-05T10:00:01Z`), or a labelled date (`Date: 2024-03-05`). A date inside other text
// (a version string, a file name) is not read. Pure.
import { isCalendarDate } from './assemble-run.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `date`: `Tue Mar  5 10:00:01 UTC 2024` (C locale), time zone optional. */
const DATE_C =
  /^(?:[A-Z][a-z]{2}\s+)?([A-Z][a-z]{2})\s+(\d{1,2})\s+\d\d:\d\d:\d\d(?:\s+[A-Z]{1,5}|\s+[+-]\d{4})?\s+(\d{4})$/;
/** `date` in other locales: `Tue 05 Mar 2024 10:00:01 AM UTC`. */
const DATE_DMY =
  /^(?:[A-Z][a-z]{2},?\s+)?(\d{1,2})\s+([A-Z][a-z]{2})\s+(\d{4})\s+\d\d:\d\d(?::\d\d)?(?:\s+[AP]M)?(?:\s+[A-Z]{1,5})?$/;
/** An ISO date and time a line starts with. */
const ISO_TIME = /^\[?(\d{4})-(\d\d)-(\d\d)[T ]\d\d:\d\d/;
/** A line that is a date alone, after an optional label (`Date:`, `# started`, `Start time:`). */
const ISO_ALONE = /^(?:#\s*)?(?:[A-Za-z][A-Za-z ]{0,24}:\s*)?(\d{4})-(\d\d)-(\d\d)$/;

/** The date a line prints, as YYYY-MM-DD, when the line is one of the shapes above. */
export function dateOnLine(line: string): string | undefined {
  const t = line.trim().replace(/^(?:#\s*)?(?:[A-Za-z][A-Za-z ]{0,24}:\s+)(?=[A-Z0-9])/, '');
  let m: RegExpExecArray | null;
  let d: string | undefined;
  if ((m = DATE_C.exec(t))) d = ymd(m[3]!, monthOf(m[1]!), m[2]!);
  else if ((m = DATE_DMY.exec(t))) d = ymd(m[3]!, monthOf(m[2]!), m[1]!);
  else if ((m = ISO_TIME.exec(t)) || (m = ISO_ALONE.exec(line.trim()))) d = `${m[1]}-${m[2]}-${m[3]}`;
  return d && isCalendarDate(d) ? d : undefined;
}

/** Every date the text prints on lines of its own (the first `maxLines` lines are looked at), earliest first. */
export function datesInText(text: string, maxLines = 100_000): string[] {
  const found = new Set<string>();
  let start = 0;
  for (let n = 0; n < maxLines && start < text.length; n++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // Cheap test first: a digit or a capital letter at the start, and a line not too long.
    if (end - start < 80) {
      const d = dateOnLine(text.slice(start, end));
      if (d) found.add(d);
    }
    start = end + 1;
  }
  return [...found].sort();
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name.toLowerCase()) + 1;
}

function ymd(y: string, month: number, day: string): string | undefined {
  if (month < 1) return undefined;
  return `${y}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
}
