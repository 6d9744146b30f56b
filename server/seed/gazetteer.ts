/**
 * The gazetteer lives in core/gazetteer.ts so the sentence interpreter (core/search-interpreter.ts), which
 * is pure, reads the same places the seed writes to the `places` table; the seed keeps importing it from here.
 */
export { gazetteer, hebrewArticleSlugs, type GazetteerPlace, type PlaceKind } from '../../core/gazetteer.ts';
