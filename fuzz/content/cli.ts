// `npm run fuzz -- --content ...`: the options of fuzz/run.ts, for the content fuzzer (fuzz/content/run.ts).
import { contentReport, fuzzContent, isBadContentOutcome, type ContentFuzzOptions } from './run.ts';
import { contentSeeds } from './corpus.ts';
import { makeContentCase } from './mutate.ts';

export async function runContentFuzzCli(values: {
  seed?: string;
  cases?: string;
  case?: string;
  timeout?: string;
  workers?: string;
  verbose?: boolean;
}): Promise<number> {
  const one = values.case !== undefined;
  const o: ContentFuzzOptions = {
    seed: Number(values.seed ?? 1),
    cases: one ? 1 : Number(values.cases ?? 1000),
    first: one ? Number(values.case) : 0,
    timeout: Number(values.timeout ?? 30),
    workers: one ? 1 : Number(values.workers ?? 1),
  };
  for (const [k, v] of Object.entries(o))
    if (typeof v === 'number' && !(Number.isFinite(v) && v >= 0)) {
      console.error(`fuzz: --${k} must be a number, not ${JSON.stringify(v)}`);
      return 2;
    }
  let done = 0;
  o.onCase = (r) => {
    done++;
    if (one || (values.verbose && isBadContentOutcome(r.outcome.kind))) {
      console.log(
        `case ${r.n} (${r.seed}; ${r.mutations.join('; ')}): ${r.outcome.kind}${r.outcome.place ? ` at ${r.outcome.place}` : ''} in ${r.ms.toFixed(0)} ms${r.outcome.detail ? `\n${r.outcome.detail}` : ''}`,
      );
      if (one) {
        const text = makeContentCase(contentSeeds(), o.seed, r.n).text;
        console.log(`(${text.length} characters; starts ${JSON.stringify(text.slice(0, 300))})`);
      }
    } else if (process.stderr.isTTY && done % 50 === 0) process.stderr.write(`\r${done}/${o.cases}`);
  };
  const s = await fuzzContent(o);
  if (process.stderr.isTTY) process.stderr.write('\r');
  console.log(contentReport(s, o));
  return Object.entries(s.counts).some(([k, n]) => n > 0 && isBadContentOutcome(k as never)) ? 1 : 0;
}
