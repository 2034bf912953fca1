// One lint setup for every package of the workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import sharedRouter from './tooling/shared-router.cjs';
import moduleBoundaries from './tooling/eslint-module-boundaries.mjs';

/**
 * The names the page's shared react-router-dom provides (shared-ui/src/react-router-dom.shared.ts,
 * a slim re-export, tooling/webpack.cjs): browser code may import only these from 'react-router-dom'.
 */
const SHARED_ROUTER_NAMES = sharedRouter.sharedRouterNames();

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
    // The browser bundles share one slim react-router-dom (see SHARED_ROUTER_NAMES); the pre-render
    // bundles run in Node without federation and take the whole package.
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}'],
    ignores: ['**/src/prerender.tsx', 'shared-ui/src/react-router-dom.shared.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              allowImportNames: SHARED_ROUTER_NAMES,
              message: 'the page shares a slim react-router-dom: add the name to shared-ui/src/react-router-dom.shared.ts first',
            },
            { name: 'react-router', message: "import from 'react-router-dom' (the page's shared copy)" },
          ],
        },
      ],
    },
  },
  {
    // Issue 28: an input's maxLength cuts what a person types or pastes before the form can trim and
    // normalise it, and says nothing ("+358 40 123 4567" was saved as "+358 40 123 456"). A field's
    // length is its schema's, checked after trimming, and shown as the field's error (a long text
    // shows a count). A box that takes one character of a code and handles the paste of the whole
    // code may keep it, with a disable comment saying so.
    files: ['shell/src/**/*.tsx', 'mf-*/src/**/*.tsx', 'shared-ui/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name=/^maxlength$/i]',
          message: 'no maxLength on an input: it silently cuts what is typed before trimming (issue 28); check the length in the schema and show the error',
        },
      ],
    },
  },
  {
    // Issue 32: a server module uses another only through its public entry (modules/<name>/index.ts:
    // service functions and types), never its tables, queries or other files
    // (tooling/eslint-module-boundaries.mjs; server/src/modules/README.md, "The contract"). The
    // shared folders outside modules/ (db, http, util, counters, config, pages) are no module.
    files: ['server/src/modules/**/*.ts'],
    plugins: { portal: moduleBoundaries },
    rules: {
      'portal/module-boundaries': [
        'error',
        {
          allowTargets: [],
          foreignKeys: true,
        },
      ],
    },
  },
  {
    // Issue 32: the demo's room (server/src/demo/: the test doubles and the demo world's seed) uses
    // the modules through their public entries like any module, and no module imports it (the same
    // rule reports that). Besides: the tables the doubles and the seed write, which stay in their
    // modules' schema.ts because the migrations were made from them: identity's broker models,
    // mfa's sms_outbox, payments' test provider ledger (and the demo invoices, demo/seed/payments.ts),
    // and the people with their guardianships.
    files: ['server/src/demo/**/*.ts'],
    plugins: { portal: moduleBoundaries },
    rules: {
      'portal/module-boundaries': ['error', { allowTargets: ['identity/schema', 'mfa/schema', 'payments/schema', 'patients/schema'] }],
    },
  },
  // The demo seed's part for a module (demo/seed/<module>.ts) fills that module's tables directly, so
  // that the module keeps no writer only the demo would call; it may write those tables and, unlike
  // the rest of the room, no other module's (these options replace the ones above for its file).
  ...['account', 'booking', 'clinics', 'messaging', 'records'].map((module) => ({
    files: [`server/src/demo/seed/${module}.ts`],
    plugins: { portal: moduleBoundaries },
    rules: { 'portal/module-boundaries': ['error', { allowTargets: [`${module}/schema`] }] },
  })),
  {
    // Command-line programs talk to their user on stdout.
    files: ['**/cli/**/*.ts', 'e2e/bench/**/*.ts', 'shared-i18n/src/check-catalogues.ts', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
