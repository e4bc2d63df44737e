// Which reports use each run, for the run pages ("Reports that use this run"). Read once per build from the
// reports' frontmatter (not their prose: the run pages need no Markdown code) and handed to every run page,
// whose cache key includes the run's list, so a report added, renamed or dropped renders again the pages of
// the runs it names and only those. A report whose frontmatter does not parse is left out here: the build stops
// on it elsewhere (src/site/validate-report.ts) with the reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseContentYaml } from '../runs/content-yaml.ts';
import { MAX_FRONTMATTER_CHARS } from './report-limits.ts';
import { ReportSchema } from '../schemas/index.ts';
import { reportSections } from './report-sections.ts';

/** A report as a run page links it. */
export interface RunReportLink {
  slug: string;
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
}

/** Run id -> the published (not draft) reports naming it, newest first, from the `*.md` files of `reportsDir`. */
export function reportsByRun(reportsDir: string): Map<string, RunReportLink[]> {
  const byRun = new Map<string, RunReportLink[]>();
  let files: string[];
  try {
    files = readdirSync(reportsDir).filter((f) => f.endsWith('.md'));
  } catch {
    return byRun;
  }
  for (const f of files.sort()) {
    const fm = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(readFileSync(join(reportsDir, f), 'utf8'));
    const yaml = fm ? parseContentYaml(fm[1]!, MAX_FRONTMATTER_CHARS) : undefined;
    if (!yaml?.ok) continue;
    const parsed = ReportSchema.safeParse(yaml.data);
    if (!parsed.success || parsed.data.draft) continue;
    const r = parsed.data;
    const link = { slug: f.replace(/\.md$/, ''), title: r.title, date: r.date.toISOString().slice(0, 10) };
    const ids = new Set(reportSections(r).flatMap((s) => [s.base, ...s.runs]));
    for (const id of ids) byRun.set(id, [...(byRun.get(id) ?? []), link]);
  }
  for (const list of byRun.values()) list.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return byRun;
}
