import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { JSON_SCHEMAS, jsonSchemaText } from '../../../../collectors/commands/schema.ts';

describe('public/schema/*.json', () => {
  it.each(Object.entries(JSON_SCHEMAS))(
    '%s is generated from the zod schema (run `npm run schema` after changing src/schemas)',
    (name, s) => {
      expect(readFileSync(s.file, 'utf8')).toBe(jsonSchemaText(name));
    },
  );
});
