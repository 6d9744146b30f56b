-- Hotel stays share rooms; only homes are booked whole.
UPDATE "bookings" SET "exclusive" = false WHERE "property_id" IN (SELECT "id" FROM "properties" WHERE "property_type" = 'hotel');
--> statement-breakpoint
-- The database itself refuses two stays that hold the same home on the same night, whatever the
-- application does and however many requests race (a stay may start on another's check-out day).
-- Drizzle cannot declare EXCLUDE constraints.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("check_in", "check_out", '[)') WITH &&)
  WHERE ("exclusive" AND "status" IN ('pending', 'confirmed'));
