// Where the site reads content: `content/` unless BENCHSITE_CONTENT names another folder (tests build
// a site of freshly harvested runs that way).
import { join } from 'node:path';

export const CONTENT_DIR = process.env.BENCHSITE_CONTENT ?? 'content';
export const RUNS_DIR = join(CONTENT_DIR, 'runs');
export const REPORTS_DIR = join(CONTENT_DIR, 'reports');
