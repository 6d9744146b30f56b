import { describe, expect, it } from 'vitest';
import { entryFontFiles, type Manifest } from './vite-manifest.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['features/a/a-page.tsx'],
    assets: [
      'assets/heebo-hebrew-wght-normal-A.woff2',
      'assets/heebo-latin-ext-wght-normal-B.woff2',
      'assets/heebo-latin-wght-normal-C.woff2',
    ],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'features/a/a-page.tsx': { file: 'assets/a-page.js', imports: ['_shared.js', 'index.html'], dynamicImports: ['_dialog.js'] },
  '_dialog.js': { file: 'assets/dialog.js' },
};

describe('the fonts to preload', () => {
  it('are the named subsets only', () => {
    expect(entryFontFiles(manifest, ['latin', 'hebrew'])).toEqual([
      'assets/heebo-hebrew-wght-normal-A.woff2',
      'assets/heebo-latin-wght-normal-C.woff2',
    ]);
  });
});
