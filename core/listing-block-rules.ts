/**
 * Why a host cannot block [startDate, endDate): the end must come after the start, and the past
 * cannot be blocked (`today` is the calendar day in Israel, core/dates today()).
 */
export function blockDatesProblem(
  startDate: string,
  endDate: string,
  today: string,
): 'check_out_not_after_check_in' | 'check_in_in_past' | null {
  if (endDate <= startDate) return 'check_out_not_after_check_in';
  if (startDate < today) return 'check_in_in_past';
  return null;
}
