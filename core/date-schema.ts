import { z } from 'zod';
import { isIsoDate } from './dates.ts';

/** A request field holding a calendar day (apart from dates.ts, which the web app's shell loads without zod). */
export const isoDateSchema = z.string().refine(isIsoDate, 'Dates are written yyyy-MM-dd');
