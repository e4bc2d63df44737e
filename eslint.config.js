// ESLint: its own and typescript-eslint's recommended rules over the TypeScript and JavaScript files, and the
// type-aware rules that catch a promise nobody awaits (a write that is not finished when the CLI says it is). The
// .astro files are checked by `astro check` (npm run typecheck), which fails on unused imports there too.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['node_modules/', 'dist/', 'dist-demo/', '.astro/', 'bench/.data/', 'content/', 'tests/fixtures/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Escaping and checking a run's strings (HTML, XML, Markdown, one-line messages) matches control characters
      // on purpose.
      'no-control-regex': 'off',
      // A leading underscore names what is there only to be left out: `const { a: _a, ...rest } = x`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
);
