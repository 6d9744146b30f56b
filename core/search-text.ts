/**
 * Words to match in listings' titles and descriptions (the search's `text` field, decision 048).
 * The database keeps the same reading of every listing (drizzle: search_normalized and search_words,
 * a generated tsvector and a trigram index); this module reads the searched words the same way, so
 * both sides cut, clean and strip prefixes alike.
 */

/** The longest `text` a search takes, and how many of its words are matched (the rest are ignored). */
export const maxSearchTextLength = 200;
export const maxSearchTextWords = 8;
/** Words shorter than this are not matched by similarity: a short word is like too many others. */
export const minTypoWordLength = 5;

/**
 * Hebrew's one-letter prefixes (ו ב ל מ ה ש כ: "and", "in", "to", "from", "the", "that", "as"), joined
 * to the word they precede ("בתל אביב", "והמרפסת"): up to two are stripped, leaving at least two letters.
 */
const oneLetterPrefix = /^[ובלמהשכ](?=[א-ת]{2,}$)/;
const twoLetterPrefix = /^[ובלמהשכ]{2}(?=[א-ת]{2,}$)/;

/**
 * The text as matched: lower case, Hebrew points and cantillation removed, the maqaf and every other
 * sign a word break. Letters outside a-z, digits and the Hebrew alphabet break words too, as in SQL.
 */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\u05BE/g, ' ')
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[^a-z0-9א-ת]+/g, ' ')
    .trim();
}

/** The distinct words of a searched text, in order: at least two characters, at most maxSearchTextWords. */
export function searchTextWords(text: string): string[] {
  const words = normalizeSearchText(text.slice(0, maxSearchTextLength))
    .split(' ')
    .filter((word) => word.length >= 2);
  return [...new Set(words)].slice(0, maxSearchTextWords);
}

/** A word and its forms without one and two Hebrew prefixes ("והמרפסת" → "המרפסת", "מרפסת"). */
export function prefixVariants(word: string): string[] {
  const variants = [word];
  if (oneLetterPrefix.test(word)) variants.push(word.slice(1));
  if (twoLetterPrefix.test(word)) variants.push(word.slice(2));
  return variants;
}

/** A full-text query (PostgreSQL to_tsquery, 'simple') that matches any form of the word. Words hold only a-z, digits and Hebrew letters. */
export function wordQuery(word: string): string {
  return prefixVariants(word)
    .map((variant) => `'${variant}'`)
    .join(' | ');
}
