// `npm run fuzz:dump -- <seed> <case> <dir>`: writes the files of one case to <dir> (the .tar.gz as
// <root>.tar.gz, or the files under <dir>/<root>/), to look at them or harvest them with the CLI. Through npm
// because npm runs the project's pinned Node, which runs .ts files; an older system `node` does not.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { seeds } from './corpus.ts';
import { makeCase } from './mutate.ts';

const [seed, n, dir] = process.argv.slice(2);
if (!seed || !n || !dir) {
  console.error('usage: npm run fuzz:dump -- <seed> <case> <dir>');
  process.exit(2);
}
const c = makeCase(seeds(), Number(seed), Number(n));
console.log(`${c.seed.name}: ${c.mutations.join('; ')}`);
if (c.container === 'tar.gz') {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${c.root}.tar.gz`), c.archive!);
  console.log(join(dir, `${c.root}.tar.gz`));
} else {
  for (const f of c.files) {
    const to = join(dir, c.root, f.path);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, f.data);
  }
  console.log(join(dir, c.root));
}
