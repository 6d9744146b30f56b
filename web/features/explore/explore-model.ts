import type { PropertyType } from '../../../core/constants.ts';
import { clearedResultsFilters, resultsFiltersToParams } from '../../../core/search-params.ts';
import { searchFormErrors, type SearchFormError } from '../../../core/search-form-rules.ts';
import { roomsTotals, type RoomsState } from '../../components/search/rooms.ts';

/** What the home search form holds. */
export interface ExploreForm {
  type: PropertyType;
  location: string;
  checkIn: string;
  checkOut: string;
  rooms: RoomsState;
}

export type ExploreSubmit = { ok: false; errors: SearchFormError[] } | { ok: true; queryString: string };

/**
 * Search: every problem in the spec's order, or the canonical /results query string
 * (type, location, dates; hotel searches also rooms and guests).
 */
export function submitExplore(form: ExploreForm, today: string): ExploreSubmit {
  const errors = searchFormErrors(form, today);
  if (errors.length) return { ok: false, errors };
  const filters = {
    ...clearedResultsFilters(form.type),
    location: form.location.trim(),
    checkIn: form.checkIn,
    checkOut: form.checkOut,
    ...(form.type === 'hotel' ? roomsTotals(form.rooms) : {}),
  };
  return { ok: true, queryString: resultsFiltersToParams(filters).toString() };
}

/** The pieces of 'Searching for: {type} in {location} from {date} to {date}' that the form has. */
export function summaryParts(form: Pick<ExploreForm, 'location' | 'checkIn' | 'checkOut'>) {
  return {
    location: form.location.trim() || null,
    from: form.checkIn || null,
    to: form.checkOut || null,
  };
}
