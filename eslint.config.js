// ESLint for every TypeScript and JavaScript file of the repository; Prettier owns the layout
// (eslint-config-prettier turns off the rules it would fight with). `npm test` runs both.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Wording is for people: code that branches on an error's heading or message breaks when the text is edited. */
const ERROR_TEXT = /^(heading|message)$/;
const noBranchingOnErrorText = [
  {
    selector: `BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name=${ERROR_TEXT}]`,
    message: 'Branch on the error code, never on its heading or message.',
  },
  {
    selector: `CallExpression[callee.property.name=/^(test|exec|match|includes|startsWith|endsWith)$/] > MemberExpression[property.name=${ERROR_TEXT}]`,
    message: 'Branch on the error code (and its typed fields), never on its heading or message.',
  },
  {
    selector: `CallExpression[callee.object.property.name=${ERROR_TEXT}][callee.property.name=/^(match|includes|startsWith|endsWith)$/]`,
    message: 'Branch on the error code (and its typed fields), never on its heading or message.',
  },
];

/** Screens tell refusals apart by code: one status stands for many (409 is "not connected" and "not enough credits"). */
const noBranchingOnErrorStatus = {
  selector: "BinaryExpression[operator=/^[!=]==?$/][left.property.name='status'][right.value>=400]",
  message: 'Branch on the error code (hasErrorCode), not on the HTTP status.',
};

/** Strings of shared/ schemas come from `text()`, which refuses what PostgreSQL cannot store (NUL, lone surrogates). */
const noBareStringSchema = {
  selector: "CallExpression[callee.property.name=/^(string|email|url|uuid|guid)$/][callee.object.name='z']",
  message: 'Use text() from shared/validation/text.ts: it refuses characters PostgreSQL cannot store.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', 'bench/results/', 'test-results/', 'playwright-report/', 'client/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': ['error', ...noBranchingOnErrorText],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': ['error', ...noBranchingOnErrorText, noBranchingOnErrorStatus],
    },
  },
  {
    // The protocol itself: 401 goes to the login page, 406 to /logout, a tracking call refused with 503 is retried once.
    files: ['client/src/api/apiClient.ts', 'client/src/boot/startApp.ts', 'client/src/tracking/trackingTransport.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noBranchingOnErrorText] },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/validation/text.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noBranchingOnErrorText, noBareStringSchema] },
  },
  {
    // Tests assert on the texts users read; the rule is for application code.
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'test/**', 'bench/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  prettier,
);
