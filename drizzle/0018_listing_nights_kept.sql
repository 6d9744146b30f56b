-- listing_nights (0017) says, for each night of a listing that something holds, how many rooms the
-- lasting stays take and how many blocks close it (docs/decisions/015-listing-nights.md). Search
-- reads it instead of adding up every booking of every candidate listing. The database keeps it, in
-- the same statement as the change, whoever writes: a route, a job, the data generator, psql.
--
-- A stay lasts when it holds its nights until somebody changes it: a confirmed one, or a pending one
-- without an expiry. A pending request with expires_at stops holding when that time passes, with no
-- write to see, so it is never counted here; search asks the bookings about those few
-- (stayIsFreeByNights in server/db/availability-sql.ts). The statuses are core/constants.ts
-- blockingBookingStatuses ('pending', 'confirmed').
--
-- Each trigger runs once per statement over its transition table: a bulk insert of a million
-- bookings adds its nights in one pass. Only a change is written (rooms_held + 2), never a total read
-- earlier, so concurrent transactions cannot lose each other's changes: the upsert adds to the
-- newest committed row, or inserts it again if another transaction just deleted it.
CREATE FUNCTION "shift_listing_nights"(deltas jsonb, counter text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- deltas: [{"p": property_id, "n": night, "d": change}] in (property, night) order. One upsert
  -- applies them in that order, so concurrent statements lock shared nights in the same order and
  -- never deadlock on them. A fall needs the row to exist, except when the listing itself is being
  -- deleted (its nights go with it): then there is nothing to lower.
  INSERT INTO listing_nights AS held (property_id, night, rooms_held, blocks)
    SELECT change.p, change.n, CASE WHEN counter = 'rooms_held' THEN change.d ELSE 0 END,
      CASE WHEN counter = 'blocks' THEN change.d ELSE 0 END
    FROM (SELECT (e.value->>'p')::int AS p, (e.value->>'n')::date AS n, (e.value->>'d')::int AS d, e.ordinality
      FROM jsonb_array_elements(deltas) WITH ORDINALITY e) change
    WHERE change.d > 0 OR EXISTS (SELECT 1 FROM properties WHERE properties.id = change.p)
    ORDER BY change.ordinality
    ON CONFLICT (property_id, night) DO UPDATE
      SET rooms_held = held.rooms_held + excluded.rooms_held, blocks = held.blocks + excluded.blocks;
  -- Nights nothing holds any more; the rows are this transaction's already (locked by the upsert).
  DELETE FROM listing_nights held USING jsonb_array_elements(deltas) e
    WHERE (e.value->>'d')::int < 0 AND held.property_id = (e.value->>'p')::int AND held.night = (e.value->>'n')::date
      AND held.rooms_held = 0 AND held.blocks = 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "bookings_shift_listing_nights"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('p', property_id, 'n', night, 'd', delta) ORDER BY property_id, night) INTO deltas
    FROM (SELECT b.property_id, night::date AS night, sum(b.rooms)::int AS delta
      FROM new_rows b, generate_series(b.check_in, b.check_out - 1, interval '1 day') night
      WHERE b.status = 'confirmed' OR (b.status = 'pending' AND b.expires_at IS NULL)
      GROUP BY 1, 2) changed WHERE delta <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('p', property_id, 'n', night, 'd', delta) ORDER BY property_id, night) INTO deltas
    FROM (SELECT b.property_id, night::date AS night, -sum(b.rooms)::int AS delta
      FROM old_rows b, generate_series(b.check_in, b.check_out - 1, interval '1 day') night
      WHERE b.status = 'confirmed' OR (b.status = 'pending' AND b.expires_at IS NULL)
      GROUP BY 1, 2) changed WHERE delta <> 0;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('p', property_id, 'n', night, 'd', delta) ORDER BY property_id, night) INTO deltas
    FROM (SELECT b.property_id, night::date AS night, sum(b.sign * b.rooms)::int AS delta
      FROM (SELECT property_id, check_in, check_out, rooms, 1 AS sign, status, expires_at FROM new_rows
        UNION ALL SELECT property_id, check_in, check_out, rooms, -1, status, expires_at FROM old_rows) b,
        generate_series(b.check_in, b.check_out - 1, interval '1 day') night
      WHERE b.status = 'confirmed' OR (b.status = 'pending' AND b.expires_at IS NULL)
      GROUP BY 1, 2) changed WHERE delta <> 0;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM shift_listing_nights(deltas, 'rooms_held'); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "listing_blocks_shift_listing_nights"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('p', property_id, 'n', night, 'd', delta) ORDER BY property_id, night) INTO deltas
    FROM (SELECT k.property_id, night::date AS night, count(*)::int AS delta
      FROM new_rows k, generate_series(k.start_date, k.end_date - 1, interval '1 day') night GROUP BY 1, 2) changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('p', property_id, 'n', night, 'd', delta) ORDER BY property_id, night) INTO deltas
    FROM (SELECT k.property_id, night::date AS night, -count(*)::int AS delta
      FROM old_rows k, generate_series(k.start_date, k.end_date - 1, interval '1 day') night GROUP BY 1, 2) changed;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('p', property_id, 'n', night, 'd', delta) ORDER BY property_id, night) INTO deltas
    FROM (SELECT k.property_id, night::date AS night, sum(k.sign)::int AS delta
      FROM (SELECT property_id, start_date, end_date, 1 AS sign FROM new_rows
        UNION ALL SELECT property_id, start_date, end_date, -1 FROM old_rows) k,
        generate_series(k.start_date, k.end_date - 1, interval '1 day') night
      GROUP BY 1, 2) changed WHERE delta <> 0;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM shift_listing_nights(deltas, 'blocks'); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A trigger with transition tables serves one event, hence three per table. Creating them locks out
-- writers of bookings and listing_blocks until this migration commits, and the backfill below runs
-- after they are in place, so no write falls between the backfill and the triggers.
CREATE TRIGGER "bookings_nights_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_shift_listing_nights();
--> statement-breakpoint
CREATE TRIGGER "bookings_nights_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_shift_listing_nights();
--> statement-breakpoint
CREATE TRIGGER "bookings_nights_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bookings_shift_listing_nights();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_nights_insert" AFTER INSERT ON "listing_blocks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_blocks_shift_listing_nights();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_nights_update" AFTER UPDATE ON "listing_blocks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_blocks_shift_listing_nights();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_nights_delete" AFTER DELETE ON "listing_blocks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listing_blocks_shift_listing_nights();
--> statement-breakpoint
-- TRUNCATE has no transition table: emptying either table empties what it held.
CREATE FUNCTION "truncate_listing_nights"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'bookings' THEN
    UPDATE listing_nights SET rooms_held = 0 WHERE rooms_held <> 0;
  ELSE
    UPDATE listing_nights SET blocks = 0 WHERE blocks <> 0;
  END IF;
  DELETE FROM listing_nights WHERE rooms_held = 0 AND blocks = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_nights_truncate" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION truncate_listing_nights();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_nights_truncate" AFTER TRUNCATE ON "listing_blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION truncate_listing_nights();
--> statement-breakpoint
INSERT INTO listing_nights (property_id, night, rooms_held, blocks)
SELECT property_id, night, sum(rooms)::int, sum(blocks)::int FROM (
  SELECT b.property_id, night::date AS night, b.rooms::int AS rooms, 0 AS blocks
  FROM bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') night
  WHERE b.status = 'confirmed' OR (b.status = 'pending' AND b.expires_at IS NULL)
  UNION ALL
  SELECT k.property_id, night::date, 0, 1
  FROM listing_blocks k, generate_series(k.start_date, k.end_date - 1, interval '1 day') night
) held GROUP BY 1, 2;
--> statement-breakpoint
-- Pending requests that expire by time, which search looks up per listing: few at any moment.
CREATE INDEX "bookings_timed_pending_idx" ON "bookings" ("property_id", "check_in", "check_out", "expires_at")
  WHERE "status" = 'pending' AND "expires_at" IS NOT NULL;
