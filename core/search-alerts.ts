/**
 * Saved searches and their alerts (issue 38, decision 048): the rules both sides read.
 * No zod here: the results page (first load) imports it; the API's schemas are in core/contracts/saved-searches.ts.
 */
import { defaultSearchSort, parseResultsFilters, resultsFiltersToParams } from './search-params.ts';

/** How often a saved search mails its new listings: as they appear (the job's next run), once a day, or never. */
export const alertFrequencies = ['instant', 'daily', 'none'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

export const maxSavedSearchNameLength = 80;
/** A member keeps at most this many saved searches: each one is a search the alert job runs. */
export const maxSavedSearches = 30;
/** The longest query string a saved search keeps (a /results URL's; the longest real ones are far shorter). */
export const maxSavedSearchQueryLength = 1000;
/** At most this many new listings are named in one alert mail (the mail links to the search for the rest). */
export const maxListingsPerAlert = 10;

/**
 * The search a saved search keeps: the canonical query string of a /results URL, without its page
 * and sort (an alert is about which listings match, not their order). Read leniently, like a link.
 */
export function savedSearchQuery(queryString: string, now: Date = new Date()): string {
  const filters = { ...parseResultsFilters(new URLSearchParams(queryString), now), page: 1, sort: defaultSearchSort };
  return resultsFiltersToParams(filters).toString();
}
