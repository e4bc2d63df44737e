// Validation of run files, shared by `benchsite validate`, the harvest writer and the site's run store.
import type { Run, SeriesFile } from '../schemas/index.ts';
import { parseRunFile } from './parse-run-file.ts';
import { parseSeriesFile } from './parse-series-file.ts';
import { formatZodIssues, parseJsonText, problem, type Problem } from './problems.ts';
import { runId } from './run-id.ts';
import { vocabularyOf } from '../../benchmarks/index.ts';

/**
 * Check the text of a run.json. `id` is its path under content/runs (without `/run.json`) when known; the
 * run's benchmark, host, date and label must then agree with it.
 */
export function validateRunText(
  file: string,
  text: string,
  id?: string,
): { run?: Run; problems: Problem[]; parsed?: unknown } {
  const json = parseJsonText(file, text);
  if (json.problem) return { problems: [json.problem] };
  const checked = validateRunData(file, json.data, id);
  // `parsed`: the JSON as parsed, of a valid run (what a page reads of the file: validate-job.ts).
  return checked.run ? { ...checked, parsed: json.data } : checked;
}

export function validateRunData(file: string, data: unknown, id?: string): { run?: Run; problems: Problem[] } {
  const parsed = parseRunFile(data);
  if (!parsed.success) return { problems: formatZodIssues(file, parsed.error.issues) };
  const run = parsed.data;
  const problems: Problem[] = [];
  for (const x of vocabularyOf(run.workload).checks?.run(run.workload, run.tests) ?? [])
    problems.push(problem(file, x.path.join('.'), x.message, x.hint));
  if (id !== undefined && runId(run) !== id) {
    problems.push(
      problem(
        file,
        '(path)',
        `the file is at ${id} but its benchmark, host.name, date and label say ${runId(run)}`,
        'Move the directory to match, or fix those fields (benchsite harvest always writes the matching path)',
      ),
    );
  }
  return problems.length ? { problems } : { run, problems };
}

/** Check a series.json against its run: every series a test names must be there, and nothing else. */
export function validateSeriesText(file: string, text: string, run: Run): { series?: SeriesFile; problems: Problem[] } {
  const json = parseJsonText(file, text);
  if (json.problem) return { problems: [json.problem] };
  const parsed = parseSeriesFile(json.data);
  if (!parsed.success) return { problems: formatZodIssues(file, parsed.error.issues) };
  return checkSeriesData(file, parsed.data, run);
}

/** validateSeriesText of a series.json already parsed and checked with the series schema. */
export function checkSeriesData(
  file: string,
  series: SeriesFile,
  run: Run,
): { series?: SeriesFile; problems: Problem[] } {
  const problems: Problem[] = [];
  const tests = new Map(run.tests.map((t) => [t.name, new Set(t.series ?? [])]));
  for (const [test, list] of Object.entries(series.tests)) {
    const wanted = tests.get(test);
    if (!wanted) {
      problems.push(
        problem(
          file,
          `tests.${test}`,
          `run.json has no test "${test}"`,
          'Remove these series or re-run benchsite harvest',
        ),
      );
      continue;
    }
    const have = new Set(list.map((s) => s.name));
    const t = run.tests.find((x) => x.name === test);
    const wrong = t && vocabularyOf(run.workload).checks?.series(t, list);
    if (wrong)
      problems.push(
        problem(
          file,
          `tests.${test}`,
          wrong,
          'Re-harvest the run: its output says which thread count produced its numbers',
        ),
      );
    for (const name of wanted) {
      if (!have.has(name))
        problems.push(
          problem(
            file,
            `tests.${test}`,
            `series "${name}" named in run.json is missing`,
            'Re-run benchsite harvest to regenerate series.json',
          ),
        );
    }
  }
  for (const t of run.tests) {
    if ((t.series?.length ?? 0) > 0 && !series.tests[t.name]) {
      problems.push(
        problem(
          file,
          `tests.${t.name}`,
          `series for test "${t.name}" named in run.json are missing`,
          'Re-run benchsite harvest to regenerate series.json',
        ),
      );
    }
  }
  return problems.length ? { problems } : { series, problems };
}
