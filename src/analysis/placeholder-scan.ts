// Finding the `{{ ... }}` placeholders of a report's prose, in linear time: a report may come from anyone's pull
// request, and the regular expression this replaces (`\{\{([\s\S]*?)\}\}`) searched the rest of the text again
// from every `{{` that has no `}}` after it (588 KB of `{{ ` took 147 s). Also the bounds on placeholders: how
// long one may be, and how many a report may hold.

/** A placeholder's source (between the braces) longer than this is refused: the grammar needs a few dozen. */
export const MAX_PLACEHOLDER_CHARS = 1000;
/** A report with more placeholders than this is refused (the committed reports hold at most 34). */
export const MAX_PLACEHOLDERS = 2000;

/** One `{{ ... }}`: where it starts, where it ends (after `}}`), and its source between the braces. */
export interface FoundPlaceholder {
  index: number;
  end: number;
  source: string;
}

/**
 * Every placeholder of `text`, left to right: each `{{` up to the first `}}` after it (a `{{` inside belongs to
 * the source). `unclosed` is the offset of the first `{{` after the last placeholder with no `}}` after it, or -1.
 * Each character is looked at a bounded number of times: once there is no `}}` after a `{{`, none follows.
 */
export function scanPlaceholders(text: string): { found: FoundPlaceholder[]; unclosed: number } {
  const found: FoundPlaceholder[] = [];
  let from = 0;
  for (;;) {
    const index = text.indexOf('{{', from);
    if (index < 0) return { found, unclosed: -1 };
    const close = text.indexOf('}}', index + 2);
    if (close < 0) return { found, unclosed: index };
    found.push({ index, end: close + 2, source: text.slice(index + 2, close) });
    from = close + 2;
  }
}
