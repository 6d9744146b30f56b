// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import he from './he.json';

type Tree = { [key: string]: string | Tree };

/** 'a.b.c' -> value, for every leaf. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value, full)) out.set(k, v);
    } else {
      out.set(full, value);
    }
  }
  return out;
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string, extensions: string[]): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full, extensions));
    else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.test.ts')) files.push(full);
  }
  return files;
}

const enKeys = flatten(en as Tree);
const heKeys = flatten(he as Tree);

/** A key used with plural or context suffixes also counts as present. */
function hasKey(key: string): boolean {
  return enKeys.has(key) || [...enKeys.keys()].some((k) => k.startsWith(`${key}_`));
}

describe('translations', () => {
  it('en.json and he.json have identical key sets', () => {
    const missingInHe = [...enKeys.keys()].filter((key) => !heKeys.has(key));
    const missingInEn = [...heKeys.keys()].filter((key) => !enKeys.has(key));
    expect(missingInHe, 'keys missing in he.json').toEqual([]);
    expect(missingInEn, 'keys missing in en.json').toEqual([]);
  });

  it('every value is a non-empty string in both languages', () => {
    const emptyHe = [...heKeys].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([k]) => k);
    const emptyEn = [...enKeys].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([k]) => k);
    expect(emptyHe, 'empty Hebrew values').toEqual([]);
    expect(emptyEn, 'empty English values').toEqual([]);
  });

  it('interpolation placeholders match between languages', () => {
    const placeholders = (value: unknown) => [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...enKeys.keys()].filter(
      (key) => JSON.stringify(placeholders(enKeys.get(key))) !== JSON.stringify(placeholders(heKeys.get(key))),
    );
    expect(mismatched).toEqual([]);
  });

  it('every t() key literal used in web/**/*.tsx exists in en.json', () => {
    const files = sourceFiles(webDir, ['.tsx']);
    expect(files.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*(['"`])([^'"`$]+?)\1/g)) {
        const key = match[2]!;
        if (!hasKey(key)) missing.push(`${path.relative(webDir, file)}: ${key}`);
      }
      for (const match of text.matchAll(/\bi18nKey=(['"])([^'"]+)\1/g)) {
        const key = match[2]!;
        if (!hasKey(key)) missing.push(`${path.relative(webDir, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('key-like string literals in web/**/*.{ts,tsx} (labels, zod messages) exist in en.json', () => {
    const namespaces = Object.keys(en).join('|');
    const pattern = new RegExp(`(['"])((?:${namespaces})\\.[A-Za-z0-9_.]+)\\1`, 'g');
    const missing: string[] = [];
    // The groups' rules name groups of keys, not texts: translation-groups.test.ts checks them.
    for (const file of sourceFiles(webDir, ['.ts', '.tsx']).filter((file) => !file.endsWith('translation-groups.ts'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(pattern)) {
        const key = match[2]!;
        if (/\.(ts|tsx|js|json|css)$/.test(key)) continue;
        if (!hasKey(key)) missing.push(`${path.relative(webDir, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('Hebrew values are written in Hebrew (no English left untranslated)', () => {
    // Values that are the same in both languages on purpose: numbers, brand names, placeholders.
    const allowedSame = new Set(['notFound.code', 'auth.emailPlaceholder', 'footer.emailPlaceholder', 'map.marker']);
    const untranslated = [...enKeys.keys()].filter((key) => {
      if (allowedSame.has(key)) return false;
      const value = String(heKeys.get(key) ?? '');
      return !/[\u0590-\u05FF]/.test(value);
    });
    expect(untranslated).toEqual([]);
  });
});
