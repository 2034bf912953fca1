// One lint setup for every package of the workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/.data*/**', '**/coverage/**', '.test-results/**', '**/test-results/**', 'server/drizzle/**', '.bench/**', 'shared-api/src/schemas/messaging/generated.ts', 'shared-api/src/schemas/messaging/schema-types.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // `any` needs a comment saying why: the disable comment is that comment.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx,cjs}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // No React there: Playwright's fixtures and envelop's plugins are called use… too.
    files: ['e2e/**/*.ts', 'server/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Command-line programs talk to their user on stdout.
    files: ['**/cli/**/*.ts', 'e2e/bench/**/*.ts', 'shared-i18n/src/check-catalogues.ts', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
