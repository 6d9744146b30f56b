import type { PropertyType } from './constants.ts';

export type SearchFormError =
  | 'destination_required'
  | 'location_required'
  | 'check_in_required'
  | 'check_out_required'
  | 'check_out_not_after_check_in'
  | 'check_in_in_past';

/** The English messages of the search form; the web app shows the translation of each code. */
export const searchFormMessages: Record<SearchFormError, string> = {
  destination_required: 'Please select a destination',
  location_required: 'Please select a location',
  check_in_required: 'Please select a check-in date',
  check_out_required: 'Please select a check-out date',
  check_out_not_after_check_in: 'Check-out date must be after check-in date',
  check_in_in_past: 'Check-in date cannot be in the past',
};

/**
 * Every problem with a home search. Dates are yyyy-MM-dd strings,
 * so they compare as text; `today` is the visitor's local date.
 */
export function searchFormErrors(
  form: { type: PropertyType; location: string; checkIn: string; checkOut: string },
  today: string,
): SearchFormError[] {
  const errors: SearchFormError[] = [];
  if (!form.location.trim()) errors.push(form.type === 'hotel' ? 'destination_required' : 'location_required');
  if (!form.checkIn) errors.push('check_in_required');
  if (!form.checkOut) errors.push('check_out_required');
  if (form.checkIn && form.checkOut && form.checkIn >= form.checkOut) errors.push('check_out_not_after_check_in');
  if (form.checkIn && form.checkIn < today) errors.push('check_in_in_past');
  return errors;
}
