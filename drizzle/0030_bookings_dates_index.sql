-- Hand-written. The bookings of a listing over some dates are found by (property_id, check_out), and
-- check_in is carried in the index (INCLUDE) rather than being its third key column:
-- * A stay that touches nights from some date on is one that ends after it. Ordered by check_out, the
--   index reads only those (the listing's coming stays); ordered by check_in, every earlier stay of
--   the listing was read to be filtered out, its whole history for the property page's held dates.
-- * PostgreSQL 18, which PGlite runs, costed a range on check_in followed by a condition on a third
--   key column as a skip through every distinct check_in: 1,410 instead of 8.6 per lookup. The
--   availability checks of a search do such a lookup per listing, and the inflated costs made its
--   plans scan all listings (docs/performance.md, decision 005).
-- Drizzle cannot declare INCLUDE, so the index lives here only (as the search covering indexes do).
-- contract: no statement names the index; the new one answers every lookup the old one did.
CREATE INDEX "bookings_property_check_out_idx" ON "bookings" USING btree ("property_id", "check_out") INCLUDE ("check_in");
--> statement-breakpoint
DROP INDEX "bookings_property_dates_idx";
