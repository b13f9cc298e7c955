// Lint with typescript-eslint and react-hooks, plus the layer rules: which part of the app may import or call what.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { areaDoor, ENFORCED_AREAS } from './scripts/eslint-area-door.js';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'stream', 'url', 'util', 'worker_threads', 'zlib'];

const rendererPaths = [{ name: 'electron', message: 'The renderer talks to the core only through window.burrow.' }];
const rendererPatterns = [
  { group: ['electron/*'], message: 'The renderer talks to the core only through window.burrow.' },
  { group: nodeBuiltins, message: 'The renderer may not use Node builtins.' },
  { group: ['**/electron/**', '**/sandbox/**', '**/cli/**'], message: 'The renderer sees only shared/ and its own code.' },
];
// Features read and change core state through renderer/bridge (useCall, useCallMutation), never TanStack Query directly:
// one key scheme and one invalidation table only hold if nobody else touches the cache.
const queryPattern = { group: ['@tanstack/react-query', '@tanstack/react-query/*', '@tanstack/query-core'], message: 'Use useCall/useCallMutation from renderer/bridge; only bridge/ imports TanStack Query.' };
const IPC_MAIN_METHODS = '/^(handle|handleOnce|on|once)$/';

// Only the two transport files touch Electron's IPC objects: ipc.ts wraps ipcMain, the preload wraps ipcRenderer.
const ipcOnlyInTransports = [
  {
    selector: `MemberExpression[property.name=${IPC_MAIN_METHODS}][object.name='ipcMain'], MemberExpression[property.name=${IPC_MAIN_METHODS}][object.property.name='ipcMain']`,
    message: 'Only electron/main/ipc.ts registers IPC handlers (handleTrusted/onTrusted check the sender).',
  },
  { selector: "Identifier[name='ipcRenderer']", message: 'Only electron/preload/index.ts uses ipcRenderer; the page talks through window.burrow.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-cli/', 'dist-electron/', 'release/', 'reports/', 'test-results/', '.cache/', '.bench-data/', 'scripts/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { burrow: { rules: { 'area-door': areaDoor } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Validators of paths and displayed text must name control characters on purpose.
      'no-control-regex': 'off',
      // Only electron/main and electron/preload may import Electron.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron.' }],
          patterns: [{ group: ['electron/*'], message: 'Only electron/main and electron/preload may import electron.' }],
        },
      ],
    },
  },
  {
    files: ['electron/main/**', 'electron/preload/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: rendererPaths, patterns: [...rendererPatterns, queryPattern] }],
    },
  },
  {
    // bridge/ owns the query cache: the hooks, the key scheme, the invalidation table and the provider.
    files: ['renderer/bridge/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: rendererPaths, patterns: rendererPatterns }] },
  },
  {
    // The IPC primitives are used by the two transport files only: ipc.ts wraps ipcMain, the preload wraps ipcRenderer.
    // Two tests fake Electron's objects and so name them too.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['electron/main/ipc.ts', 'electron/preload/index.ts', 'electron/main/index.test.ts', 'electron/preload/index.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ipcOnlyInTransports],
    },
  },
  {
    // End-to-end specs wait on the app's signals (a state attribute, a row's text, a role), never on the clock.
    files: ['e2e/**/*.spec.ts', 'e2e/pages/**', 'e2e/support/**', 'e2e/fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ipcOnlyInTransports,
        { selector: "CallExpression[callee.property.name='waitForTimeout']", message: 'Wait for an app signal (expect(...).toBeVisible(), expect.poll, a state attribute), not for time.' },
        { selector: "CallExpression[callee.name='setTimeout']", message: 'Wait for an app signal, not for time.' },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'shared/ runs anywhere: no electron.' }],
          patterns: [
            { group: ['electron/*'], message: 'shared/ runs anywhere: no electron.' },
            { group: nodeBuiltins, message: 'shared/ runs anywhere: no Node builtins.' },
            { group: ['**/electron/**', '**/sandbox/**', '**/cli/**', '**/renderer/**'], message: 'shared/ depends on nothing else in the repo.' },
          ],
        },
      ],
      // No DOM or Node globals in shared/: only the language and standard globals.
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'process', 'Buffer', 'require', '__dirname', 'localStorage'],
    },
  },
  {
    files: ['electron/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The core runs under plain Node: no electron imports.' }],
          patterns: [
            { group: ['electron/*'], message: 'The core runs under plain Node: no electron imports.' },
            { group: ['**/renderer/**', '**/cli/**'], message: 'The core may use shared/ and start sandbox/, nothing else.' },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The sandbox runs under plain Node.' }],
          patterns: [
            { group: ['electron/*'], message: 'The sandbox runs under plain Node.' },
            { group: ['**/renderer/**', '**/electron/**', '**/cli/**'], message: 'The sandbox uses only shared/ and Node.' },
          ],
        },
      ],
    },
  },
  {
    // Each core area is entered through its door (electron/core/<area>/index.ts) by everything outside the area.
    files: ['{electron,cli,bench,sandbox,e2e,scripts}/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'burrow/area-door': ['error', { areas: ENFORCED_AREAS }] },
  },
  {
    // CommonJS files (the burrow command's entry) load with require by design.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
);
