// The one way a link from content reaches a page: its href only when src/schemas/url.ts allows it (http(s) or a
// relative path). The schemas refuse other links already; this keeps a page safe even if a value slipped past
// them (an older run file, a new field), and it is what report Markdown links go through.
import { isAllowedLink } from '../schemas/index.ts';

/** The href for a link from content, or undefined when it may not be a link (show its text instead). */
export function safeHref(url: string | undefined): string | undefined {
  return url !== undefined && isAllowedLink(url) ? url : undefined;
}
