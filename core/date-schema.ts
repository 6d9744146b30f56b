import { z } from 'zod';
import { availabilityLimits, dateHorizon, horizonOf, isIsoDate } from './dates.ts';

const notADay = 'Dates are written yyyy-MM-dd';

/** A request field holding a calendar day (apart from dates.ts, which the web app's shell loads without zod). */
export const isoDateSchema = z.string().refine(isIsoDate, notADay);

/**
 * A day of a stay, a block, a price rule or a search: a real day inside the horizon (core/dates.ts
 * dateHorizon, docs/decisions/034-date-horizon.md), judged on Israel's calendar when the request is
 * read. Anything else is 400 `validation_failed` naming the field, before anything is written.
 */
export const horizonDateSchema = z.string().superRefine((value, context) => {
  if (!isIsoDate(value)) {
    context.addIssue({ code: 'custom', message: notADay });
    return;
  }
  const { first, last } = horizonOf(new Date());
  if (value < first || value > last) {
    context.addIssue({
      code: 'custom',
      message: `Dates must fall from ${first} to ${last} (yesterday to ${dateHorizon.daysAhead} days ahead, in Israel)`,
    });
  }
});

/** A day of a listing's availability window: a real day of this century (core/dates.ts availabilityLimits). */
export const availabilityDateSchema = z.string().superRefine((value, context) => {
  if (!isIsoDate(value)) context.addIssue({ code: 'custom', message: notADay });
  else if (value < availabilityLimits.first || value > availabilityLimits.last) {
    context.addIssue({ code: 'custom', message: `Dates must fall from ${availabilityLimits.first} to ${availabilityLimits.last}` });
  }
});
