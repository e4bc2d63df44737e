import { parseArgs } from 'node:util';
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { MetaSchema, RunSchema, RunSpecSchema, SeriesFileSchema, SiteConfigSchema } from '../../src/schemas/index.ts';
import { UsageError, type Command } from './command.ts';

/** JSON Schemas generated from the zod schemas (the zod schemas are the single source). */
export const JSON_SCHEMAS: Record<string, { schema: z.ZodType; file: string; title: string }> = {
  run: { schema: RunSchema, file: 'public/schema/run.schema.json', title: 'benchsite run.json (schemaVersion 1)' },
  series: {
    schema: SeriesFileSchema,
    file: 'public/schema/series.schema.json',
    title: 'benchsite series.json (schemaVersion 1)',
  },
  meta: { schema: MetaSchema, file: 'public/schema/meta.schema.json', title: 'benchsite --meta file' },
  spec: {
    schema: RunSpecSchema,
    file: 'public/schema/spec.schema.json',
    title: 'benchsite run spec (benchsite run <spec.yaml>)',
  },
  site: { schema: SiteConfigSchema, file: 'public/schema/site.schema.json', title: 'benchsite content/site.yaml' },
};

export function jsonSchemaText(name: string): string {
  const s = JSON_SCHEMAS[name]!;
  const json = z.toJSONSchema(s.schema, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ title: s.title, ...json }, null, 2)}\n`;
}

export const schemaCommand: Command = {
  name: 'schema',
  help: `Usage: benchsite schema [${Object.keys(JSON_SCHEMAS).join('|')}] [--write]

Prints the JSON Schema generated from benchsite's zod schemas (src/schemas/), for editors and
other tools. --write regenerates every file under public/schema/ (npm run schema).`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { write: { type: 'boolean', default: false } },
    });
    if (values.write) {
      for (const [name, s] of Object.entries(JSON_SCHEMAS)) {
        await mkdir(dirname(s.file), { recursive: true });
        await writeFile(s.file, jsonSchemaText(name));
        console.log(`wrote ${s.file}`);
      }
      return 0;
    }
    const name = positionals[0] ?? 'run';
    if (!JSON_SCHEMAS[name])
      throw new UsageError(`unknown schema "${name}"; one of ${Object.keys(JSON_SCHEMAS).join(', ')}`);
    process.stdout.write(jsonSchemaText(name));
    return 0;
  },
};
