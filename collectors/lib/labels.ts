// Build and config names of the mytools harnesses -> typed facts (docs/formats/cross-cutting.md 5.3). A heuristic by nature:
// anything it cannot read stays undefined rather than guessed.
import type { ProductName } from '../../src/schemas/index.ts';

export interface DecodedLabel {
  /** The label as given. */
  label: string;
  /** Build name, e.g. `my8043_rel_o2nofp`, `pg1518`. */
  buildName?: string;
  product?: ProductName;
  version?: string;
  /** Build flags part, e.g. `rel_o2nofp`. */
  build?: string;
  engine?: string;
  /** Short build code, e.g. `my8043`, `pg1518`. */
  short?: string;
  config?: string;
  serverClass?: string;
  /** `pk1` / `pk0` suffix of sysbench directories. */
  primaryKey?: boolean;
}

const PRODUCTS: Record<string, { product: ProductName; engine?: string }> = {
  my: { product: 'mysql' },
  in: { product: 'mysql', engine: 'innodb' },
  fbmy: { product: 'fb-mysql' },
  rx: { product: 'myrocks', engine: 'rocksdb' },
  ma: { product: 'mariadb' },
  pg: { product: 'postgres' },
  pgo: { product: 'orioledb' },
  mo: { product: 'mongodb' },
};

/** Decode the digits after a product code, e.g. (`my`, `8043`) -> `8.0.43`, (`pg`, `19`, `b1`) -> `19beta1`. */
function decodeVersion(code: string, digits: string, pre?: string): string | undefined {
  const preRelease = pre ? pre.replace(/^b(?=\d)/, 'beta') : '';
  let parts: string[] | undefined;
  switch (code) {
    case 'my':
    case 'in':
    case 'fbmy':
    case 'rx':
    case 'mo':
      parts =
        digits.length >= 2 ? [digits[0]!, digits[1]!, ...(digits.length > 2 ? [digits.slice(2)] : [])] : undefined;
      break;
    case 'ma': {
      const major = digits.slice(0, 2);
      const rest = digits.slice(2);
      if (digits.length < 2) parts = undefined;
      else if (rest.length === 0) parts = [major];
      else if (rest.length === 1) parts = [major, rest];
      else if (rest.length === 2) parts = [major, rest[0]!, rest[1]!];
      else if (rest.length === 3) parts = [major, rest[0]!, rest.slice(1)];
      else if (rest.length === 4) parts = [major, rest.slice(0, 2), rest.slice(2)];
      break;
    }
    case 'pg': {
      const majorLen = /^[12]/.test(digits) && digits.length >= 2 ? 2 : 1;
      const major = digits.slice(0, majorLen);
      const minor = digits.slice(majorLen);
      parts = minor ? [major, minor] : [major];
      break;
    }
    default:
      parts = undefined;
  }
  if (!parts) return undefined;
  return parts.map((p) => String(Number(p))).join('.') + preRelease;
}

/** Decode a build name like `my8043_rel_o2nofp`, `pg19b1_o2nofp`, `ma110806_rel_withdbg`, `fbmy5635_202203072101`. */
function decodeBuildName(buildName: string): Omit<DecodedLabel, 'label' | 'config' | 'serverClass' | 'primaryKey'> {
  // OrioleDB on OrioleDB's patched PostgreSQL: `pg_oriole_patches17_5_o2nofp` is patch set 5 for PostgreSQL 17.
  // The label names no OrioleDB release, so the version is the PostgreSQL major the build is of.
  const o = /^pg_oriole_patches(\d+)_(\d+)(?:_(.+))?$/.exec(buildName);
  if (o)
    return {
      buildName,
      product: 'orioledb',
      version: o[1],
      build: `patches${o[1]}_${o[2]}${o[3] ? `_${o[3]}` : ''}`,
      short: `oriole_patches${o[1]}_${o[2]}`,
    };
  const m = /^([a-z]+?)(\d+)((?:b|beta|rc|alpha)\d+)?(?:_(.+))?$/.exec(buildName);
  if (!m) return { buildName };
  const [, code, digits, pre, build] = m;
  const known = PRODUCTS[code!];
  if (!known) return { buildName };
  const version = code === 'pgo' ? undefined : decodeVersion(code!, digits!, pre);
  return {
    buildName,
    product: known.product,
    engine: known.engine,
    version,
    build,
    short: `${code}${digits}${pre ?? ''}`,
  };
}

/** Server class (`c8r32`) from a config name like `z12a_c8r32` or `cx10b_c32r128`. */
export function serverClassOf(config: string): string | undefined {
  return /(?:^|_)(c\d+r\d+)$/.exec(config)?.[1];
}

/**
 * Decode a run label: a sysbench directory `x.<build>.<config>.pk<0|1>` or `<build>.<config>`.
 * `configHasCPrefix` is for Insert Benchmark directories, whose harness writes `c` + config name.
 */
export function decodeLabel(label: string, opts: { configHasCPrefix?: boolean } = {}): DecodedLabel {
  let rest = label.replace(/\.gz$/, '');
  let primaryKey: boolean | undefined;
  const pk = /\.pk([01])$/.exec(rest);
  if (pk) {
    primaryKey = pk[1] === '1';
    rest = rest.slice(0, -4);
  }
  if (rest.startsWith('x.')) rest = rest.slice(2);
  const dot = rest.indexOf('.');
  const buildName = dot < 0 ? rest : rest.slice(0, dot);
  let config = dot < 0 ? undefined : rest.slice(dot + 1);
  if (config && opts.configHasCPrefix && config.startsWith('c')) config = config.slice(1);
  const decoded = decodeBuildName(buildName);
  return {
    label,
    ...decoded,
    config: config || undefined,
    serverClass: config ? serverClassOf(config) : undefined,
    primaryKey,
  };
}

/**
 * The short build code the harnesses use for a product version, the inverse of `decodeVersion`:
 * (`postgres`, `15.20`) -> `pg1520`, (`mysql`, `8.4.8`) -> `my8408`, (`mariadb`, `10.11.19`) -> `ma101119`.
 * Undefined for other products or versions it cannot write that way.
 */
export function encodeBuildName(product: ProductName, version: string): string | undefined {
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:(beta|rc|alpha)(\d+))?$/.exec(version);
  if (!m) return undefined;
  const [, major, minor, patch, preKind, preN] = m;
  const pad = (x: string | undefined) => (x ?? '0').padStart(2, '0');
  const pre = preKind ? `${preKind === 'beta' ? 'b' : preKind}${preN}` : '';
  switch (product) {
    case 'mysql':
      return minor?.length === 1 ? `my${major}${minor}${pad(patch)}${pre}` : undefined;
    case 'mariadb':
      return `ma${pad(major)}${pad(minor)}${pad(patch)}${pre}`;
    case 'postgres':
      return patch === undefined ? `pg${major}${minor ?? ''}${pre}` : undefined;
    default:
      return undefined;
  }
}
