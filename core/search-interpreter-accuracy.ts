/**
 * How well the sentence interpreter reads a table of sentences: per field, the share of sentences where
 * the field is read as expected (both absent counts as right). Used by the interpreter's tests and
 * scripts/interpreter-accuracy.ts, which print it for the main table and the held-out one.
 */
import type { Language } from './languages.ts';
import type { InterpretedQuery } from './search-interpretation.ts';
import { interpretSearch } from './search-interpreter.ts';

/** A sentence, what it should be read as, and (when given) the words it should leave over. */
export type InterpreterCase = [sentence: string, expected: InterpretedQuery, unmatched?: string[]];

export const interpreterFields = [
  'type',
  'location',
  'checkIn',
  'checkOut',
  'flexible',
  'minPrice',
  'maxPrice',
  'guests',
  'children',
  'rooms',
  'bedrooms',
  'amenities',
  'petFriendly',
  'shabbatFriendly',
] as const satisfies readonly (keyof InterpretedQuery)[];

export interface CaseResult {
  sentence: string;
  expected: InterpretedQuery;
  actual: InterpretedQuery;
  unmatched: string[];
  /** The fields read otherwise than expected, 'unmatched' included when the table gives the leftover words. */
  wrong: string[];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function runCases(cases: readonly InterpreterCase[], today: string, lang: Language): CaseResult[] {
  return cases.map(([sentence, expected, unmatched]) => {
    const result = interpretSearch(sentence, { today, lang });
    const wrong: string[] = interpreterFields.filter((field) => !same(result.query[field], expected[field]));
    if (unmatched && !same(result.unmatched, unmatched)) wrong.push('unmatched');
    return { sentence, expected, actual: result.query, unmatched: result.unmatched, wrong };
  });
}

/** Per field: right / all, and the share of sentences read entirely right. */
export function accuracyReport(title: string, results: readonly CaseResult[]): string {
  const lines = [
    `${title}: ${results.length} sentences, ${results.filter((result) => result.wrong.length === 0).length} read entirely right`,
  ];
  for (const field of [...interpreterFields, 'unmatched']) {
    const wrong = results.filter((result) => result.wrong.includes(field)).length;
    const percent = (((results.length - wrong) / results.length) * 100).toFixed(1);
    lines.push(`  ${field.padEnd(16)} ${percent.padStart(5)} %${wrong ? `  (${wrong} wrong)` : ''}`);
  }
  return lines.join('\n');
}
