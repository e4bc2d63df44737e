// One content case through what reads that kind of file (as `benchsite validate`, the build, harvest --meta and
// run do), judged: accepted, or refused with lines that name the file (one line each); anything thrown that
// is not such a refusal is an uncaught error.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isBug } from '../../collectors/lib/input-error.ts';
import { readMeta } from '../../collectors/lib/meta.ts';
import { parseSpec, SpecError } from '../../collectors/lib/read-spec.ts';
import { findRunFiles, idOf } from '../../src/runs/read-runs.ts';
import { parseAnnotations, readConfigFamilies } from '../../src/runs/read-history-files.ts';
import { parseSiteConfig } from '../../src/runs/read-site-config.ts';
import { checkRunJson } from '../../src/runs/validate-run-folder.ts';
import { parseReportText, reportProse, reportRunIds } from '../../src/site/validate-report.ts';
import type { ModelRun } from '../../src/analysis/report-model.ts';
import { ROOT, type ContentKind } from './corpus.ts';

export type ContentOutcomeKind = 'accepted' | 'refused' | 'uncaught' | 'unnamed' | 'hang' | 'abort';

export interface ContentOutcome {
  kind: ContentOutcomeKind;
  /** For a bad outcome: where (the code of an error, the line that does not name its file). */
  place?: string;
  detail?: string;
}

const RUNS = join(ROOT, 'content/runs');
let runIds: Set<string> | undefined;
const runs = new Map<string, ModelRun | undefined>();

async function committedRun(id: string): Promise<ModelRun | undefined> {
  if (!runs.has(id)) {
    const { run } = await checkRunJson(join(RUNS, id, 'run.json'), id);
    runs.set(id, run ? { id, run } : undefined);
  }
  return runs.get(id);
}

/** Lines of a refusal: each must be one line that starts with the file. */
function judgeLines(file: string, lines: string[]): ContentOutcome {
  const bad = lines.find((l) => !l.startsWith(`${file}`) || /[\n\r\u2028\u2029]/.test(l));
  if (bad !== undefined)
    return {
      kind: 'unnamed',
      place: `a problem line (${bad.startsWith(file) ? 'not one line' : 'not naming the file'}) of ${file.replace(/^.*\//, '')}`,
      detail: bad.slice(0, 500),
    };
  return lines.length ? { kind: 'refused' } : { kind: 'accepted' };
}

/** The place of an error: its message's first line and the first frame of benchsite's own code. */
export function errorPlace(e: unknown): string {
  const err = e as Error;
  const frame = String(err?.stack ?? '')
    .split('\n')
    .find((l) => /\/(src|collectors)\//.test(l));
  return `${err?.name ?? 'Error'}: ${String(err?.message ?? e)
    .split('\n')[0]!
    .slice(0, 150)}${frame ? ` ${frame.trim()}` : ''}`;
}

/** Read `text` as a file of `kind`; `dir` is a scratch folder of this case. */
export async function checkContent(kind: ContentKind, text: string, dir: string): Promise<ContentOutcome> {
  mkdirSync(dir, { recursive: true });
  switch (kind) {
    case 'report': {
      const file = 'content/reports/2026-11-22-fuzz.md';
      runIds ??= new Set((await findRunFiles(RUNS)).map((f) => idOf(RUNS, f)));
      const { report, problems } = parseReportText(file, text, runIds);
      if (!report)
        return judgeLines(
          file,
          problems.map((p) => p.text),
        );
      const model: ModelRun[] = [];
      for (const id of reportRunIds(report)) {
        const run = await committedRun(id);
        if (run) model.push(run);
      }
      const prose = reportProse(file, text, report, model);
      return judgeLines(
        file,
        [...problems, ...prose.problems].map((p) => p.text),
      );
    }
    case 'annotations': {
      const file = 'content/annotations.yaml';
      return judgeLines(
        file,
        parseAnnotations(file, text).problems.map((p) => p.text),
      );
    }
    case 'config-families': {
      writeFileSync(join(dir, 'config-families.yaml'), text);
      const file = join(dir, 'config-families.yaml');
      return judgeLines(
        file,
        (await readConfigFamilies(dir)).problems.map((p) => p.text),
      );
    }
    case 'site': {
      const file = 'content/site.yaml';
      return judgeLines(
        file,
        parseSiteConfig(file, text).problems.map((p) => p.text),
      );
    }
    case 'meta': {
      const file = join(dir, 'meta.yaml');
      writeFileSync(file, text);
      try {
        await readMeta(file);
        return { kind: 'accepted' };
      } catch (e) {
        if (isBug(e)) throw e;
        return judgeLines(file, (e as Error).message.split('\n'));
      }
    }
    case 'spec': {
      const file = 'spec.yaml';
      try {
        parseSpec(file, text);
        return { kind: 'accepted' };
      } catch (e) {
        if (!(e instanceof SpecError)) throw e;
        return judgeLines(file, e.message.split('\n'));
      }
    }
  }
}
