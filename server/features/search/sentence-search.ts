import type { PropertyType } from '../../../core/constants.ts';
import { today } from '../../../core/dates.ts';
import type { Language } from '../../../core/languages.ts';
import { applyInterpretation, maxSentenceLength, type Interpretation } from '../../../core/search-interpretation.ts';
import { interpretSearch } from '../../../core/search-interpreter.ts';
import { clearedResultsFilters, resultsFiltersToParams } from '../../../core/search-params.ts';
import { searchQuerySchema, type SearchQuery } from '../../../core/search-query-schema.ts';
import { HttpError } from '../../http/errors.ts';

/** A sentence read on Israel's today; over the length limit it is refused by name, before any reading. */
export function interpretSentence(sentence: string, lang: Language, type?: PropertyType): Interpretation {
  if (sentence.length > maxSentenceLength) {
    throw new HttpError(400, 'query_too_long', `A search sentence has at most ${maxSentenceLength} characters`, { q: 'too long' });
  }
  return interpretSearch(sentence, { today: today(), lang, type });
}

/**
 * GET /api/search?q=: the sentence's reading as the structured search a /results URL would hold
 * (core/search-interpretation.ts applyInterpretation, then the URL's canonical form), parsed by the
 * search's own schema so it is exactly what the form would have asked. `type` is the default type;
 * sort, page and language are kept.
 */
export function sentenceQuery(sentence: string, structured: SearchQuery): SearchQuery {
  const { query, unmatched } = interpretSentence(sentence, structured.lang, structured.type);
  // The words left over are matched in the listings' titles and descriptions (the text field, decision 048).
  const params = resultsFiltersToParams(
    applyInterpretation(query, { ...clearedResultsFilters(structured.type), sort: structured.sort }, unmatched),
  );
  params.set('page', String(structured.page));
  params.set('lang', structured.lang);
  const parsed = searchQuerySchema.safeParse(Object.fromEntries(params));
  // The interpreter keeps every field within the search's limits; a reading the schema refuses is a bug, said as a 400 rather than a 500.
  if (!parsed.success) throw new HttpError(400, 'validation_failed', 'The sentence could not be read as a search');
  return parsed.data;
}
