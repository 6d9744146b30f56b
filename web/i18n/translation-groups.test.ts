// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { pageEntries } from '../app/page-table.ts';
import en from './en.json';
import he from './he.json';
import { groupOfKey, groupRules, keysOf, translationGroups, translationsOfGroup, type TranslationGroup } from './translation-groups.ts';

const webDir = path.resolve(import.meta.dirname, '..');
const enKeys = keysOf(en);
const namespaces = new Set(Object.keys(en));

interface ModuleFacts {
  /** Modules it imports for their values (type-only imports load nothing). */
  imports: string[];
  /** Modules it loads with import(). */
  lazyImports: string[];
  /** Texts that start like a translation key: a whole key, a group of keys, or a template's head. */
  keyTexts: { text: string; template: boolean }[];
}

const facts = new Map<string, ModuleFacts>();

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.') || !/\.tsx?$/.test(specifier)) return null;
  return path.resolve(path.dirname(from), specifier);
}

/** What a module imports and which key-like texts it holds, read with TypeScript's parser. */
function factsOf(file: string): ModuleFacts {
  const known = facts.get(file);
  if (known) return known;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: ModuleFacts = { imports: [], lazyImports: [], keyTexts: [] };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          named &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((e) => e.isTypeOnly));
      const target = resolveImport(file, (node.moduleSpecifier as ts.StringLiteral).text);
      if (target && !typeOnly) found.imports.push(target);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      const target = resolveImport(file, (node.moduleSpecifier as ts.StringLiteral).text);
      if (target) found.imports.push(target);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      const target = argument && ts.isStringLiteralLike(argument) ? resolveImport(file, argument.text) : null;
      if (target) found.lazyImports.push(target);
    }
    const template = ts.isTemplateHead(node);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || template) {
      const namespace = /^([A-Za-z]+)\./.exec(node.text)?.[1];
      if (namespace && namespaces.has(namespace)) found.keyTexts.push({ text: node.text, template });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  facts.set(file, found);
  return found;
}

const pageFiles = new Set(pageEntries.flatMap((entry) => (entry.module ? [path.join(webDir, entry.module)] : [])));

/** Every module a start reaches, statically or through import(), up to (not into) other pages. */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { imports, lazyImports } = factsOf(file);
    imports.forEach(visit);
    lazyImports.filter((target) => !pageFiles.has(target)).forEach(visit);
  };
  visit(start);
  return seen;
}

/**
 * The keys a text may stand for: itself (a plural's base stands for its forms), every key under it
 * (a group of keys completed at run time), or, for a template's head (`search.types.${type}`),
 * every key it begins.
 */
function keysOfText({ text, template }: { text: string; template: boolean }): string[] {
  return enKeys.filter((key) =>
    template ? key.startsWith(text) : key === text || key.startsWith(`${text}.`) || key.startsWith(`${text}_`),
  );
}

/**
 * The API error codes' messages (`errors.codes.${code}` in web/lib/error-message.ts) are the one
 * template left out: their group loads when an API call fails, before the call's error reaches the
 * page (main.tsx, setBeforeApiError), or with the page when the server rendered one.
 */
const loadedOnApiErrors = (text: { text: string; template: boolean }) => text.template && text.text === 'errors.codes.';

/** The keys the modules reachable from `start` use, as 'file: key' by group. */
function keysUsed(start: string): Map<TranslationGroup | null, string[]> {
  const used = new Map<TranslationGroup | null, string[]>();
  for (const file of reachable(start)) {
    for (const text of factsOf(file).keyTexts) {
      if (loadedOnApiErrors(text)) continue;
      for (const key of keysOfText(text)) {
        const group = groupOfKey(key);
        used.set(group, [...(used.get(group) ?? []), `${path.relative(webDir, file)}: ${key} (${group})`]);
      }
    }
  }
  return used;
}

/** Keys the modules reachable from `start` use whose group is not among `groups`, as 'file: key (group)'. */
function keysOutside(start: string, groups: readonly TranslationGroup[]): string[] {
  const outside = [...keysUsed(start)].flatMap(([group, keys]) => (group && groups.includes(group) ? [] : keys));
  return [...new Set(outside)].sort();
}

/** Reading every module with TypeScript's parser takes seconds on a busy machine. */
const scanTimeoutMs = 60_000;

describe('translation groups', () => {
  it('give every key of both languages exactly one group, and name no key that is gone', () => {
    for (const translations of [en, he]) {
      const keys = keysOf(translations);
      expect(keys.filter((key) => groupOfKey(key) === null)).toEqual([]);
      const grouped = translationGroups.flatMap((group) => keysOf(translationsOfGroup(translations, group)));
      expect(grouped.sort()).toEqual([...keys].sort());
    }
    const stale = Object.keys(groupRules).filter(
      (rule) => !enKeys.some((key) => key === rule || key.startsWith(`${rule}.`) || key.startsWith(`${rule}_`)),
    );
    expect(stale).toEqual([]);
  });

  it('cut a group out whole, with the longest rule deciding', () => {
    const shell = translationsOfGroup(en, 'shell') as typeof en;
    expect(shell.nav).toEqual(en.nav);
    expect(shell.errors.codes).toEqual({
      unknown: en.errors.codes.unknown,
      network_error: en.errors.codes.network_error,
      temporarily_unavailable: en.errors.codes.temporarily_unavailable,
    });
    expect(groupOfKey('errors.codes.not_found')).toBe('errors');
    expect(groupOfKey('auth.emailConfirmed')).toBe('shell');
    expect(groupOfKey('auth.errors.emailRequired')).toBe('account');
    // A plural form goes with its base.
    expect(groupOfKey('bookings.stars_two')).toBe('property');
    expect(groupOfKey('bookings.nights_two')).toBe('bookings');
    expect('search' in shell).toBe(false);
  });

  it('keep the host, admin and account texts out of what the public pages load', () => {
    const size = (groups: readonly TranslationGroup[]) =>
      JSON.stringify(groups.map((group) => translationsOfGroup(he, group))).length / JSON.stringify(he).length;
    // The results page: the shell and search groups. A listing's page adds its own.
    expect(size(['shell', 'search'])).toBeLessThan(0.25);
    expect(size(['shell', 'search', 'property'])).toBeLessThan(0.4);
  });

  it(
    'hold every key the shell uses (the layout, the nav bar, the footer, what they load)',
    () => {
      expect(keysOutside(path.join(webDir, 'main.tsx'), ['shell'])).toEqual([]);
    },
    scanTimeoutMs,
  );

  it(
    'hold every key a page uses in the shell or a group its entry of the page table names',
    () => {
      const pages = pageEntries.filter((entry) => entry.module);
      expect(pages.length).toBeGreaterThan(20);
      const outside = pages.flatMap(({ module, translations = [] }) =>
        keysOutside(path.join(webDir, module!), ['shell', ...translations]).map((line) => `${module} → ${line}`),
      );
      expect(outside).toEqual([]);
    },
    scanTimeoutMs,
  );

  it(
    'are named by a page only when it uses them (each group named is bytes before it renders)',
    () => {
      const unused = pageEntries.flatMap(({ module, translations = [] }) => {
        if (!module) return [];
        const used = keysUsed(path.join(webDir, module));
        return translations.filter((group) => !used.has(group)).map((group) => `${module}: ${group}`);
      });
      expect(unused).toEqual([]);
    },
    scanTimeoutMs,
  );

  it(
    'find the keys a page uses, so that a group left out is caught',
    () => {
      const results = path.join(webDir, 'features/results/results-page.tsx');
      expect(keysOutside(results, ['shell'])).toEqual(expect.arrayContaining([expect.stringMatching(/: results\.\S+ \(search\)$/)]));
      // Through a lazy chunk too: the sentence box is loaded by import() on the results page.
      expect(keysOutside(results, ['shell']).some((line) => line.includes('sentenceSearch.'))).toBe(true);
    },
    scanTimeoutMs,
  );
});
