import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The projects that type the source (tests are typed by `npm run typecheck` and read loosely typed bodies). */
const SOURCE_PROJECTS = ['./packages/shared/tsconfig.json', './apps/server/tsconfig.json', './apps/web/tsconfig.json'];
const SOURCE_FILES = ['packages/shared/src/**/*.ts', 'apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}'];
const TEST_FILES = ['**/*.test.ts', 'apps/server/src/test/**'];

const WEB = './apps/web/src';
/** One zone per web feature: it may import itself, shared code and packages, never another feature. */
const featureZones = fs
  .readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'A feature keeps out of other features: let the route pass what it needs, or move shared code out.',
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    // Every pattern may see hostile input: none may take more than linear time.
    rules: { 'regexp/no-super-linear-move': 'error', 'regexp/no-super-linear-backtracking': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render text, never HTML: data must not become script.',
        },
      ],
    },
  },
  {
    // Rules that need the types: promises handled, no `any` leaking through, awaits that await.
    files: SOURCE_FILES,
    ignores: TEST_FILES,
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { project: SOURCE_PROJECTS, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // An async function may implement a promise-returning contract without awaiting anything.
      '@typescript-eslint/require-await': 'off',
      // Event handlers may be async (react-hook-form's handleSubmit returns a promise by design).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Routes parse, call and answer; plugins check. Rows are read and written, and kept in
    // memory, only in *.queries.ts and *.service.ts.
    files: ['apps/server/src/**/*.routes.ts', 'apps/server/src/plugins/*.ts'],
    ignores: ['**/*.queries.ts', ...TEST_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Queries belong in a *.queries.ts or *.service.ts file.' }],
          patterns: [
            {
              regex: String.raw`/db/(schema|table-changes|query-rows|list)\.js$`,
              message: 'Rows and caches belong in a *.queries.ts or *.service.ts file.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON bodies.
    files: TEST_FILES,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use none of it.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Classic scripts the pages load as they are, before any module (public/theme.js).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Web boundaries: routes compose features, features keep out of each other, shared code reaches
    // into no feature, and the public site and the admin app share only shared code.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...featureZones,
            {
              target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/config`],
              from: [`${WEB}/features`, `${WEB}/admin`, `${WEB}/public`],
              message: 'Shared code imports no feature and nothing of the admin app or the public site.',
            },
            {
              target: `${WEB}/public`,
              from: `${WEB}/admin`,
              message: 'The public site imports nothing of the admin app.',
            },
            {
              target: `${WEB}/admin`,
              from: `${WEB}/public`,
              message: 'The admin app imports nothing of the public site.',
            },
          ],
        },
      ],
    },
  },
);
