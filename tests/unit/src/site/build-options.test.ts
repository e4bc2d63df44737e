// The options `npm run build` passes to astro build: a misspelt one is refused, not ignored.
import { describe, expect, it } from 'vitest';
import { unknownBuildOption } from '../../../../src/site/build-options.ts';

describe('unknownBuildOption', () => {
  it("takes astro build's options, with their values in either form", () => {
    expect(unknownBuildOption([])).toBeUndefined();
    expect(unknownBuildOption(['--outDir', '/tmp/x', '--base', '/pr-7/', '--force'])).toBeUndefined();
    expect(
      unknownBuildOption(['--outDir=/tmp/x', '--site=https://example.org/', '--mode', 'production']),
    ).toBeUndefined();
    expect(unknownBuildOption(['--json', '--silent'])).toBeUndefined();
    // The word after --outDir is its folder, as bin/build.js reads it, even when it starts with '-'.
    expect(unknownBuildOption(['--outDir', '-odd-folder'])).toBeUndefined();
  });

  it('names an option astro build would ignore, and the one most likely meant', () => {
    expect(unknownBuildOption(['--outdir', '/tmp/x'])).toMatch(/^unknown option --outdir: did you mean --outDir\? \(/);
    expect(unknownBuildOption(['--bse=/x/'])).toMatch(/^unknown option --bse: did you mean --base\? \(/);
    expect(unknownBuildOption(['--outDir', 'x', '--zzzz'])).toMatch(/^unknown option --zzzz \(the build takes /);
  });
});
