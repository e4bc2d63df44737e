// content/annotations.yaml and content/config-families.yaml (src/schemas/history.ts): optional content files
// read by validate and by the build, through the content file rules; a problem names the entry it is in.
import { z } from 'zod';
import {
  AnnotationsFileSchema,
  ConfigFamiliesFileSchema,
  type Annotation,
  type ConfigFamily,
} from '../schemas/index.ts';
import { problem, type Problem } from './problems.ts';
import { parseContentYaml } from './content-yaml.ts';
import { readContentFile } from './validate-files.ts';

const ANNOTATIONS_FILE = 'annotations.yaml';
const CONFIG_FAMILIES_FILE = 'config-families.yaml';
/** Either file larger than this (bytes) is refused: an entry is a line or three, so 256 KiB is thousands. */
export const MAX_HISTORY_FILE_BYTES = 256 << 10;

/** How an entry is named in a problem: its number, and what tells it apart. */
function entryName(list: unknown, i: number, keys: string[]): string {
  const e = Array.isArray(list) ? list[i] : undefined;
  const said =
    e && typeof e === 'object'
      ? keys
          .map((k) => (e as Record<string, unknown>)[k])
          .filter((v) => typeof v === 'string')
          .map((v) => JSON.stringify(v))
      : [];
  return `entry ${i + 1}${said.length ? ` (${said.join(', ')})` : ''}`;
}

function parseList<T>(
  file: string,
  text: string,
  schema: z.ZodType<T[]>,
  keys: string[],
  hint: string,
): { value: T[]; problems: Problem[] } {
  const yaml = parseContentYaml(text, MAX_HISTORY_FILE_BYTES);
  if (!yaml.ok) return { value: [], problems: [problem(file, `line ${yaml.line}:${yaml.column}`, yaml.message, hint)] };
  const data = yaml.data ?? [];
  const r = schema.safeParse(data);
  if (r.success) return { value: r.data, problems: [] };
  return {
    value: [],
    problems: r.error.issues.map((issue) => {
      const [i, ...rest] = issue.path;
      const where =
        typeof i === 'number' ? `${entryName(data, i, keys)}${rest.length ? `: ${rest.join('.')}` : ''}` : '(file)';
      return problem(file, where, issue.message, hint);
    }),
  };
}

async function readList<T>(
  dir: string,
  name: string,
  schema: z.ZodType<T[]>,
  keys: string[],
  hint: string,
): Promise<{ value: T[]; text: string; problems: Problem[] }> {
  const file = `${dir}/${name}`;
  const read = await readContentFile(file);
  if (!('bytes' in read)) {
    // No file: no entries. Any other refusal (a link, a FIFO) is the content file rules' to report.
    return { value: [], text: '', problems: 'problem' in read && read.problem ? [read.problem] : [] };
  }
  if (read.bytes.length > MAX_HISTORY_FILE_BYTES)
    return {
      value: [],
      text: '',
      problems: [
        problem(file, '(file)', `is ${read.bytes.length} bytes, more than the ${MAX_HISTORY_FILE_BYTES} allowed`, hint),
      ],
    };
  const text = read.bytes.toString('utf8');
  return { ...parseList(file, text, schema, keys, hint), text };
}

export function parseAnnotations(file: string, text: string) {
  return parseList<Annotation>(
    file,
    text,
    AnnotationsFileSchema,
    ['date', 'host'],
    'Each entry is {date: YYYY-MM-DD, host: <host name>, text, product?, url?}',
  );
}

export function readAnnotations(contentDir: string) {
  return readList<Annotation>(
    contentDir,
    ANNOTATIONS_FILE,
    AnnotationsFileSchema,
    ['date', 'host'],
    'Each entry is {date: YYYY-MM-DD, host: <host name>, text, product?, url?}',
  );
}

export async function readConfigFamilies(contentDir: string) {
  const r = await readList<ConfigFamily>(
    contentDir,
    CONFIG_FAMILIES_FILE,
    ConfigFamiliesFileSchema,
    ['name'],
    'Each entry is {name, product?, configs: [<config name>, <config name> ...]}',
  );
  return { ...r, problems: [...r.problems, ...familyOverlaps(`${contentDir}/${CONFIG_FAMILIES_FILE}`, r.value)] };
}

/** A config in two families of the same product would make its ladder ambiguous. */
function familyOverlaps(file: string, families: ConfigFamily[]): Problem[] {
  const problems: Problem[] = [];
  families.forEach((f, i) =>
    families.slice(0, i).forEach((g, j) => {
      if (f.product && g.product && f.product !== g.product) return;
      for (const c of f.configs)
        if (g.configs.includes(c))
          problems.push(
            problem(
              file,
              `entry ${i + 1} (${JSON.stringify(f.name)})`,
              `config "${c}" is also in entry ${j + 1} (${JSON.stringify(g.name)})`,
              'Keep each config in one family per product',
            ),
          );
    }),
  );
  return problems;
}
