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

/**
 * Speed (docs/performance-rules.md): zod (and its form resolver), Radix, MapLibre, react-day-picker and
 * sonner are kilobytes to tens of kilobytes each and reach no page's first load. Outside tests, only the
 * modules below import them (or a core module that imports zod) with a value import; each is itself
 * loaded with import() when needed. A type import is free (erased), so it is allowed everywhere. And no
 * module imports one of these chunks statically, but another of them: that would put the library back
 * into whatever imports it.
 */
const lazyChunks = [
  'web/components/ui/dialog-radix.tsx', // Radix: dialog.tsx, on a trigger's hover or focus or a dialog's opening
  'web/components/search/range-calendar.tsx', // react-day-picker: date-range-picker.tsx, booking-dates.tsx, listing-calendar-page.tsx
  'web/components/map/base-map.ts', // MapLibre: imported by the three map chunks below only
  'web/features/results/results-map.tsx', // results-page.tsx, when the map is shown
  'web/features/property/area-map.tsx', // area-section.tsx, when the section nears the screen
  'web/features/host-listings/pin-map.tsx', // pin-field.tsx
  'web/features/auth/schemas.ts', // zod: sign-up-form.tsx and password-reset-forms.tsx, on the first check
  'web/features/bookings/review-dialog.tsx', // zod: the bookings pages, when a review opens
  'web/lib/sign-in-form-schema.ts', // zod: sign-in-form.tsx, on the first check
  'web/components/toaster.tsx', // sonner: root-layout.tsx, once the page is hydrated
];
const heavyLibraryMessage =
  'Heavy library: import it with import() (a lazy chunk, web/lib/lazy-chunk.ts or lazyZodResolver), or `import type`; see docs/performance-rules.md.';
const heavyLibraries = {
  paths: [
    { name: 'zod', message: heavyLibraryMessage, allowTypeImports: true },
    { name: 'maplibre-gl', message: heavyLibraryMessage, allowTypeImports: true },
    { name: 'react-day-picker', message: heavyLibraryMessage, allowTypeImports: true },
    { name: 'sonner', message: heavyLibraryMessage, allowTypeImports: true },
  ],
  patterns: [
    {
      group: ['@radix-ui/*', 'zod/*', 'maplibre-gl/*', 'react-day-picker/*', '@hookform/resolvers/*'],
      message: heavyLibraryMessage,
      allowTypeImports: true,
    },
    {
      // core's zod schemas and contracts: the server's checks, which the web app uses as types, or lazily.
      group: ['**/core/contracts/*', '**/core/*-schema.ts', '**/core/*-schemas.ts', '**/core/ids.ts', '**/core/api-types.ts'],
      message: `These import zod. ${heavyLibraryMessage}`,
      allowTypeImports: true,
    },
  ],
};
const lazyChunkImports = {
  group: lazyChunks.map((file) => `**/${file.split('/').at(-1)}`),
  message: 'A lazy chunk (eslint.config.js lazyChunks): load it with import(), not a static import; see docs/performance-rules.md.',
  allowTypeImports: true,
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'drizzle/**', 'coverage/**', 'bench-data/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X } from 'm'` still loads m at run time; `import type { X }` does not. One such line
      // kept quote.ts and payment-schedule.ts in every page that read a cancellation policy.
      '@typescript-eslint/no-import-type-side-effects': 'error',
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
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'web/test/**', ...lazyChunks],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: heavyLibraries.paths, patterns: [...heavyLibraries.patterns, lazyChunkImports] },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
