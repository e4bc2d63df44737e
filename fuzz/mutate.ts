// The mutations: what killed runs, full disks, hand edits, copies through Windows and unknown tool versions do
// to raw files. A case is fully determined by (seed, case number): `npm run fuzz -- --seed 1 --case 1234` runs
// the same bytes again.
import { gzipSync } from 'node:zlib';
import { random } from '../bench/random.ts';
import { concatBytes } from '../collectors/lib/concat-bytes.ts';
import { writeTar } from '../collectors/lib/tar.ts';
import type { Seed, SeedFile } from './corpus.ts';
import { loopShownAbove } from './pasted-sweeps.ts';

/** A small, fast PRNG (mulberry32): the same seed gives the same cases on every machine. */
export const prng = random;

/** The PRNG of one case: independent of the cases before it. */
export function caseRandom(seed: number, n: number): Random {
  return new Random(prng(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35)));
}

export class Random {
  readonly next: () => number;
  constructor(next: () => number) {
    this.next = next;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const enc = new TextEncoder();
const dec = new TextDecoder();

/** One mutation applied to one file's bytes: returns the new bytes. */
type FileMutation = (data: Uint8Array, r: Random) => Uint8Array;

const lines = (d: Uint8Array) => dec.decode(d).split('\n');
const join = (l: string[]) => enc.encode(l.join('\n'));

/** Numbers in a text, with their positions. */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

/** What a number is replaced by: values no real run prints. */
const ODD_NUMBERS = [
  'NaN',
  'nan',
  '-nan',
  'inf',
  '-inf',
  'Infinity',
  '1e308',
  '99999999999999999999',
  '-1',
  '-12345.6',
  '0',
  '',
  '1.2.3',
  '0x1f',
  '١٢٣',
];

export const FILE_MUTATIONS: Record<string, FileMutation> = {
  /** A run killed, or a disk full: the file stops anywhere. */
  truncate: (d, r) => d.subarray(0, r.int(d.length + 1)),
  /** Cut at a line end: the file looks complete but lacks its end. */
  'truncate at line': (d, r) => {
    const l = lines(d);
    return join(l.slice(0, r.int(l.length + 1)));
  },
  'flip bytes': (d, r) => {
    const out = new Uint8Array(d);
    for (let k = 1 + r.int(8); k > 0 && out.length; k--) out[r.int(out.length)]! ^= 1 << r.int(8);
    return out;
  },
  'insert bytes': (d, r) => {
    const at = r.int(d.length + 1);
    const junk = r.pick([
      () => Uint8Array.from({ length: 1 + r.int(16) }, () => r.int(256)),
      () => enc.encode(r.pick(['\n', '\t', ' ', ':', '|', '{', '}', '[', '"', '\\', '\0', '\r', ',', '-', '.', '9'])),
      () => enc.encode(r.pick(['\n\n', '\t\t', '  ', '::', '}}', '{{', '[[', '--', '..'])),
    ])();
    return concatBytes([d.subarray(0, at), junk, d.subarray(at)]);
  },
  /** One character repeated many times: what catastrophic regexes and quadratic scans trip on. */
  'long run of one character': (d, r) => {
    const at = r.int(d.length + 1);
    const ch = r.pick([
      ' ',
      '\t',
      '0',
      '9',
      '.',
      'a',
      '{',
      '[',
      '"',
      '-',
      ':',
      '|',
      '=',
      '\n',
      '\r\n',
      'x ',
      '1 ',
      '1.',
      '{\n',
      '[\n',
    ]);
    return concatBytes([d.subarray(0, at), enc.encode(ch.repeat(5_000 + r.int(60_000))), d.subarray(at)]);
  },
  /** A log a loop appends to: the same output again, sometimes at another thread count (a thread sweep). */
  'appended run': (d, r) => {
    const again = dec
      .decode(d)
      .replace(/(--threads=|Number of threads: )(\d+)/g, (_, k: string, n: string) =>
        r.chance(0.7) ? `${k}${Number(n) * 2}` : `${k}${n}`,
      );
    return concatBytes([d, enc.encode(d.length && d[d.length - 1] !== 10 ? '\n' : ''), enc.encode(again)]);
  },
  /** The loop that ran a sweep pasted above it, or a trace or header before each run (pasted-sweeps.ts). */
  'loop shown above': loopShownAbove,
  /** A report cut inside, at a line end or mid-line: a paste or a log that stops while the run printed it. */
  'truncate in report': (d, r) => {
    const text = dec.decode(d);
    const starts = [...text.matchAll(/(SQL|OLTP test) statistics:|General statistics:|Latency \(ms\):/g)];
    if (starts.length === 0) return d.subarray(0, r.int(d.length + 1));
    const from = r.pick(starts).index!;
    const end = from + r.int(Math.min(600, text.length - from) + 1);
    const cut = r.chance(0.5) ? text.lastIndexOf('\n', end) + 1 || end : end;
    return enc.encode(text.slice(0, cut));
  },
  'duplicate lines': (d, r) => {
    const l = lines(d);
    const i = r.int(l.length);
    const n = 1 + r.int(Math.min(20, l.length - i));
    const times = 1 + r.int(3);
    const block = l.slice(i, i + n);
    return join([...l.slice(0, i + n), ...Array.from({ length: times }, () => block).flat(), ...l.slice(i + n)]);
  },
  'delete lines': (d, r) => {
    const l = lines(d);
    const i = r.int(l.length);
    return join([...l.slice(0, i), ...l.slice(i + 1 + r.int(Math.min(10, l.length - i)))]);
  },
  'swap lines': (d, r) => {
    const l = lines(d);
    const [i, j] = [r.int(l.length), r.int(l.length)];
    [l[i], l[j]] = [l[j]!, l[i]!];
    return join(l);
  },
  /** A number replaced by NaN, inf, a huge or negative value, nothing, or not a number at all. */
  'number replaced': (d, r) => {
    const text = dec.decode(d);
    const found = [...text.matchAll(NUMBER)];
    if (found.length === 0) return d;
    let out = text;
    // Several numbers at once sometimes (a column of a table), from the end so positions hold.
    const chosen = new Set(Array.from({ length: 1 + (r.chance(0.2) ? r.int(5) : 0) }, () => r.int(found.length)));
    for (const k of [...chosen].sort((a, b) => b - a)) {
      const m = found[k]!;
      const value = r.pick([
        () => r.pick(ODD_NUMBERS),
        () => `-${m[0]}`,
        () => `${m[0]}${r.int(10)}${r.int(10)}${r.int(10)}`,
        () => String(Number(m[0]) * 1000),
        () => String(r.int(10)),
      ])();
      out = out.slice(0, m.index) + value + out.slice(m.index! + m[0].length);
    }
    return enc.encode(out);
  },
  empty: () => new Uint8Array(0),
  binary: (d, r) => Uint8Array.from({ length: r.int(Math.max(64, Math.min(d.length, 4096))) }, () => r.int(256)),
  /** Copied through Windows. */
  CRLF: (d) => enc.encode(dec.decode(d).replace(/\r?\n/g, '\r\n')),
  /** Saved by an editor that adds a byte order mark. */
  BOM: (d) => concatBytes([Uint8Array.of(0xef, 0xbb, 0xbf), d]),
  'trailing spaces': (d) => enc.encode(dec.decode(d).replace(/\n/g, ' \n')),
  /** A tool's output in another encoding, or with a stray high byte. */
  latin1: (d) => enc.encode(dec.decode(d).replace(/e/, '\u00e9').replace(/a/, '\u00e0')),
};

/** Mutations that change no character a parser reads for numbers: the numbers must stay the same. */
export const BENIGN = new Set(['CRLF', 'BOM', 'trailing spaces']);

/** A case: the input as files (or an archive of them), what was done, and which files were touched. */
export interface FuzzCase {
  n: number;
  seed: Seed;
  /** The input's base name. */
  root: string;
  /** `dir`: the files as a directory; `tar.gz`: the bytes of an archive of them; `file`: one file. */
  container: 'dir' | 'tar.gz';
  files: SeedFile[];
  archive?: Uint8Array;
  /** What was done, in words (for failure places). */
  mutations: string[];
  /** Paths of files changed, added or removed (relative to the input). */
  touched: Set<string>;
  /** Whether every mutation was benign (the numbers must not change). */
  benign: boolean;
}

/** Weights of the kinds of damage. */
const KINDS: Array<[string, number]> = [
  ['file', 70],
  ['gz member', 8],
  ['tree', 10],
  ['archive', 12],
];

export function makeCase(seedList: Seed[], seed: number, n: number): FuzzCase {
  const r = caseRandom(seed, n);
  const s = seedList[r.int(seedList.length)]!;
  const c: FuzzCase = {
    n,
    seed: s,
    root: s.root,
    container: 'dir',
    files: s.files.map((f) => ({ ...f })),
    mutations: [],
    touched: new Set(),
    benign: true,
  };
  const count = r.chance(0.75) ? 1 : 2 + r.int(2);
  const asArchive = r.chance(0.15);
  for (let k = 0; k < count; k++) {
    const kind = weighted(r, KINDS);
    if (kind === 'file' || (kind === 'archive' && !asArchive)) mutateFile(c, r);
    else if (kind === 'gz member') gzMember(c, r);
    else if (kind === 'tree') mutateTree(c, r);
  }
  if (asArchive || c.mutations.length === 0) {
    c.container = 'tar.gz';
    c.archive = gzipSync(writeTar(c.files.map((f) => ({ path: `${c.root}/${f.path}`, data: f.data }))));
    if (r.chance(0.6)) mutateArchive(c, r);
  }
  return c;
}

function weighted(r: Random, list: Array<[string, number]>): string {
  let x = r.next() * list.reduce((n, [, w]) => n + w, 0);
  for (const [k, w] of list) if ((x -= w) < 0) return k;
  return list[0]![0];
}

/** Files a parser reads are picked far more often than side files (SHOW STATUS dumps and the like). */
function pickFile(c: FuzzCase, r: Random): SeedFile | undefined {
  if (c.files.length === 0) return undefined;
  const read = c.files.filter((f) =>
    /(^|\/)(sb\.(o|met|r|vm|io)\.|o\.(res|ib|vm|io|rate|sum)|mrg\.|hammer|hdb|.*\.(out|txt|json|log)$|benchsite-)/.test(
      f.path,
    ),
  );
  return r.pick(read.length && r.chance(0.85) ? read : c.files);
}

function mutateFile(c: FuzzCase, r: Random): void {
  const f = pickFile(c, r);
  if (!f) return;
  const name = r.pick(Object.keys(FILE_MUTATIONS));
  f.data = FILE_MUTATIONS[name]!(f.data, r);
  c.mutations.push(`${name} ${f.path}`);
  c.touched.add(f.path);
  if (!BENIGN.has(name)) c.benign = false;
}

/** A raw file stored gzipped (mytools compresses large outputs), then damaged as a gzip file is. */
function gzMember(c: FuzzCase, r: Random): void {
  const f = pickFile(c, r);
  if (!f) return;
  const gz = gzipSync(f.data);
  const how = r.pick(['gzip intact', 'gzip truncated', 'gzip header garbage', 'gzip body flipped', 'not gzip at all']);
  const data =
    how === 'gzip truncated'
      ? gz.subarray(0, r.int(gz.length))
      : how === 'gzip header garbage'
        ? concatBytes([Uint8Array.of(0x1f, 0x8c, 0x08), gz.subarray(3)])
        : how === 'gzip body flipped'
          ? FILE_MUTATIONS['flip bytes']!(gz.subarray(0), r).map((b, i) => (i < 10 ? gz[i]! : b))
          : how === 'not gzip at all'
            ? f.data
            : gz;
  c.touched.add(f.path);
  f.path = `${f.path}.gz`;
  f.data = data;
  c.touched.add(f.path);
  c.mutations.push(`${how} ${f.path}`);
  if (how !== 'gzip intact') c.benign = false;
}

/** Files missing, duplicated under another name, or added. */
function mutateTree(c: FuzzCase, r: Random): void {
  const f = pickFile(c, r);
  if (!f) return;
  c.benign = false;
  const how = r.pick(['remove file', 'copy file', 'add empty file', 'add binary file', 'add nested copy']);
  if (how === 'remove file') {
    c.files = c.files.filter((x) => x !== f);
    c.touched.add(f.path);
  } else if (how === 'copy file') {
    const path = f.path.replace(/(\d+)(?!.*\d)/, (d) => String(Number(d) + 1 + r.int(50)));
    const copy = { path: path === f.path ? `${f.path}.copy` : path, data: f.data };
    if (!c.files.some((x) => x.path === copy.path)) c.files.push(copy);
    c.touched.add(copy.path);
  } else if (how === 'add nested copy') {
    const copy = { path: `nested/${f.path}`, data: f.data };
    if (!c.files.some((x) => x.path === copy.path)) c.files.push(copy);
    c.touched.add(copy.path);
  } else {
    const path = f.path.replace(
      /[^/]*$/,
      r.pick(['sb.o.x', 'o.res.dop1', 'hammerdb.log', 'README', 'run.sh', 'x.svg']),
    );
    if (!c.files.some((x) => x.path === path)) {
      const data = how === 'add empty file' ? new Uint8Array(0) : Uint8Array.from({ length: 512 }, () => r.int(256));
      c.files.push({ path, data });
      c.touched.add(path);
    }
  }
  c.mutations.push(`${how} ${f.path}`);
}

/** The .tar.gz itself damaged: cut, flipped, or with members no tar -czf of a result directory holds. */
function mutateArchive(c: FuzzCase, r: Random): void {
  c.benign = false;
  for (const f of c.files) c.touched.add(f.path);
  const kinds = ['archive truncated', 'archive flipped', 'tar truncated', 'odd members', 'tar header flipped'];
  const how = r.pick(c.files.length ? kinds : kinds.slice(0, 3));
  c.mutations.push(how);
  const tarOf = (extra: Array<{ path: string; data: Uint8Array }> = []) =>
    writeTar([...c.files.map((f) => ({ path: `${c.root}/${f.path}`, data: f.data })), ...extra]);
  if (how === 'archive truncated') c.archive = c.archive!.subarray(0, r.int(c.archive!.length));
  else if (how === 'archive flipped') {
    const a = new Uint8Array(c.archive!);
    for (let k = 1 + r.int(4); k > 0; k--) a[10 + r.int(a.length - 10)]! ^= 1 << r.int(8);
    c.archive = a;
  } else if (how === 'tar truncated') {
    const t = tarOf();
    c.archive = gzipSync(t.subarray(0, r.int(t.length)));
  } else if (how === 'tar header flipped') {
    const t = tarOf();
    const at = r.int(512);
    t[at] = t[at]! ^ (1 << r.int(8));
    c.archive = gzipSync(t);
  } else {
    const f = r.pick(c.files);
    const odd = r.pick([
      `../${f.path}`,
      `${c.root}/../../escape/${f.path}`,
      `/etc/${f.path}`,
      `${c.root}/${f.path}`, // the same member twice
      `${c.root}/dir with spaces/ünïcödé ${f.path}`,
      `${c.root}/${'long-name-'.repeat(30)}/${f.path}`,
      `${c.root}/./${f.path}`,
    ]);
    c.mutations[c.mutations.length - 1] = `odd member ${odd.slice(0, 60)}`;
    c.archive = gzipSync(tarOf([{ path: odd, data: r.chance(0.5) ? f.data : enc.encode('garbage\n') }]));
  }
}
