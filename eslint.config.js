import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries: a feature folder imports nothing from another feature (shared code lives in the
 * side's own shared folders, or in core/ when both sides need it); web and server meet only in
 * core/, and core imports neither.
 */
const featureZones = (side) =>
  readdirSync(`${side}/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${side}/features/${name}`,
      from: `./${side}/features`,
      except: [`./${name}`],
      message: `A feature imports nothing from another feature: move what both need to ${side}/ shared code or core/.`,
    }));

const boundaryZones = [
  ...featureZones('server'),
  ...featureZones('web'),
  {
    target: './web',
    from: './server',
    message: 'The web app reaches the server only over HTTP; shared rules and contracts live in core/.',
  },
  { target: './server', from: './web', message: 'The server does not import the web app; shared rules and contracts live in core/.' },
  { target: './core', from: ['./server', './web'], message: 'core/ is pure and shared: it imports neither side.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'drizzle/**', 'coverage/**', 'bench-data/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['core/**/*.ts', 'server/**/*.ts', 'web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    // A test may set the scene with another feature's code (the metrics test runs the booking jobs).
    files: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones.filter((zone) => !zone.target.includes('/features/')) }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['scripts/**', 'e2e/**', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
