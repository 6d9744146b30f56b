import { z } from 'zod';

/** The largest value of a PostgreSQL `serial`/`integer` column: a larger id can match no row. */
export const maxSerialId = 2_147_483_647;

/**
 * A row id sent as a JSON number. Bounded by the column's range so that an id too large for
 * `integer` is a 400 naming the field, not a database error.
 */
export const serialIdSchema = z.number().int().positive().max(maxSerialId);

/** A row id read from the URL (path or query string), where every value arrives as text. */
export const serialIdParamSchema = z.coerce.number().int().positive().max(maxSerialId);
