// The compare view's browser script bundles the comparison engine and no benchmark's code: what it needs of the
// benchmark's descriptor comes with the data (compare-index.ts), so neither the vocabularies' tables (sysbench's
// tests and scripts, the Insert Benchmark's summary columns ...) nor the registry are loaded: they tripled its size
// once (issue 22 leftovers). esbuild, as Astro's build minifies.
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { ROOT } from '../helpers/build-site.ts';

describe('compare view bundle', () => {
  it("holds the engine but no benchmark's code, and stays small", async () => {
    const out = await build({
      entryPoints: [`${ROOT}src/scripts/compare.ts`],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      absWorkingDir: ROOT,
    });
    const inputs = Object.keys(out.metafile!.inputs);
    expect(inputs).toContain('src/engine/cell.ts');
    expect(inputs.filter((f) => /(^|\/)benchmarks\//.test(f))).toEqual([]);
    expect(inputs).not.toContain('src/analysis/comparability.ts');
    const bytes = out.outputFiles![0]!.contents.length;
    // 22 KB with the view of issue 25 (value axis, reasons, chart module); 34 KB when it pulled the vocabularies.
    expect(bytes).toBeLessThan(28 * 1024);
  });
});
