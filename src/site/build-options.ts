// The options `npm run build` passes on to `astro build`. Astro ignores an option it does not know, so a misspelt
// `--outdir /tmp/x` built into dist/ in place of the folder asked for, and said nothing: it is refused instead.
import { unknownOption } from '../analysis/closest-names.ts';

/** astro build's own options and Astro's global ones, by whether they take a value. */
const WITH_VALUE = ['--outDir', '--base', '--site', '--root', '--config', '--mode'];
const WITHOUT_VALUE = ['--devOutput', '--force', '--verbose', '--silent', '--json', '--help', '-h'];

/** What is wrong with the first option astro build would not know, or undefined when it knows them all. */
export function unknownBuildOption(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-')) continue;
    const name = a.split('=')[0]!;
    if (WITH_VALUE.includes(name)) {
      if (!a.includes('=')) i++; // its value
      continue;
    }
    if (WITHOUT_VALUE.includes(name)) continue;
    return `${unknownOption(name, [...WITH_VALUE, ...WITHOUT_VALUE])} (the build takes astro build's options: ${[...WITH_VALUE, ...WITHOUT_VALUE.slice(0, -1)].join(', ')})`;
  }
  return undefined;
}
