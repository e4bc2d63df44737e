// `--meta <file>`: facts that are not in the raw files. Read (I/O) and applied to a run (pure).
import { readFile } from 'node:fs/promises';
import { MetaSchema, type Meta, type Run } from '../../src/schemas/index.ts';
import { formatZodIssues } from '../../src/runs/problems.ts';
import { MAX_CONFIG_FILE_CHARS, parseContentYaml } from '../../src/runs/content-yaml.ts';
import { definitionOf } from '../../benchmarks/index.ts';
import { InputError } from './input-error.ts';
import { cannotReadMeta } from './messages.ts';

/** Read and validate a meta file (YAML or JSON). Throws an Error whose message names the file and field. */
export async function readMeta(path: string): Promise<Meta> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new Error(cannotReadMeta(path));
  }
  const yaml = parseContentYaml(text, MAX_CONFIG_FILE_CHARS);
  if (!yaml.ok)
    throw new Error(`${path}: not valid YAML or JSON: ${yaml.message} at line ${yaml.line}, column ${yaml.column}`);
  const parsed = MetaSchema.safeParse(yaml.data ?? {});
  if (!parsed.success) {
    throw new Error(
      formatZodIssues(path, parsed.error.issues, 'public/schema/meta.schema.json lists every field')
        .map((p) => p.text)
        .join('\n'),
    );
  }
  return parsed.data;
}

const DISAGREEMENT = 'the raw files date the run ';

/** The note (and warning) of a `--meta` date that the raw files contradict: both dates, and which is kept. */
function dateDisagreement(raw: string, meta: string, metaName = 'the meta file'): string {
  return `${DISAGREEMENT}${raw} but --meta ${metaName} says date: ${meta}; the raw files' date ${raw} is kept (remove date from the meta file, it is only for raw files without one)`;
}

/** Notes that commands print as warnings rather than notes. */
export function isWarningNote(note: string): boolean {
  return note.startsWith(DISAGREEMENT);
}

/**
 * Apply meta facts to a harvested run: given facts win over decoded ones; nothing is invented. The exception
 * is the date: one read from the raw files wins over `--meta date`, and a disagreement is noted with both.
 */
export function applyMeta(run: Run, meta: Meta | undefined, metaName?: string): Run {
  if (!meta) return run;
  const out: Run = structuredClone(run);
  if (meta.host) {
    out.host = { ...out.host, ...meta.host, name: meta.host.name ?? out.host.name };
    if (metaName) out.host.sources = [...(out.host.sources ?? []), `--meta ${metaName}`];
  }
  if (meta.dbms) out.dbms = { ...out.dbms, ...meta.dbms, label: meta.dbms.label ?? out.dbms.label };
  if (meta.config) out.config = { ...out.config, ...meta.config, name: meta.config.name ?? out.config.name };
  if (meta.date && out.dateSource === 'raw-files') {
    // The raw files were written when the run ran; a meta file is often copied from another run's.
    if (meta.date !== out.date)
      out.provenance.notes = [...(out.provenance.notes ?? []), dateDisagreement(out.date, meta.date, metaName)];
  } else if (meta.date) {
    out.date = meta.date;
    out.dateSource = 'meta';
  }
  out.workload = withWorkloadMeta(out.workload, meta);
  if (meta.notes) out.notes = meta.notes;
  if (meta.ranBy) out.provenance.ranBy = meta.ranBy;
  if (meta.spec) out.provenance.spec = meta.spec;
  return out;
}

/** The run's workload with the meta file's facts for its benchmark filled in where the run has none. */
function withWorkloadMeta(workload: Run['workload'], meta: Meta | undefined): Run['workload'] {
  const key = definitionOf(workload.kind).meta?.key;
  const given =
    meta && key ? ((meta as Record<string, unknown>)[key] as Record<string, unknown> | undefined) : undefined;
  if (!given) return workload;
  const out: Record<string, unknown> = { ...workload };
  for (const [k, v] of Object.entries(given)) if (out[k] === undefined && v !== undefined) out[k] = v;
  return out as Run['workload'];
}

/** Name of the meta file `benchsite run` keeps in each raw run directory. */
export const RAW_META = 'benchsite-meta.json';

/**
 * The meta kept in a raw directory (if any), with `given` (the --meta of this harvest) winning field by field.
 * `file` names it in errors (its path in the input). A file that is not JSON, or not the meta benchsite
 * writes, is refused: it holds facts of the run (host, DBMS, date), which are not guessed.
 */
export function withRawMeta(
  rawMetaText: string | undefined,
  given: Meta | undefined,
  file: string = RAW_META,
): Meta | undefined {
  if (rawMetaText === undefined) return given;
  const todo = `benchsite run writes it; restore it from the run's raw archive, or remove it and give the facts with --meta`;
  let data: unknown;
  try {
    data = JSON.parse(rawMetaText.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new InputError({ file, what: `not valid JSON (${(e as Error).message})`, todo });
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new InputError({ file, what: `not a JSON object (found ${data === null ? 'null' : typeof data})`, todo });
  const parsed = MetaSchema.safeParse(data);
  if (!parsed.success) {
    const problems = formatZodIssues(file, parsed.error.issues);
    throw new InputError({ file, what: problems.map((p) => `${p.where}: ${p.message}`).join('; '), todo });
  }
  const raw = parsed.data;
  if (!given) return raw;
  return {
    ...raw,
    ...given,
    host: { ...raw.host, ...given.host },
    dbms: { ...raw.dbms, ...given.dbms },
    config: { ...raw.config, ...given.config },
  };
}
