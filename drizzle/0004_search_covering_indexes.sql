-- Search indexes that carry every filter column (INCLUDE), so a search filters and counts inside the
-- index (index-only scans) and reads the table only for the twelve listings it shows. Drizzle cannot
-- declare INCLUDE; see docs/performance.md.
CREATE INDEX "properties_search_rating_idx" ON "properties" USING btree ("property_type", "rating_average" DESC NULLS LAST, "id" DESC)
  INCLUDE ("list_price", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_price_idx" ON "properties" USING btree ("property_type", "list_price", "id")
  INCLUDE ("city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_newest_idx" ON "properties" USING btree ("property_type", "published_at" DESC NULLS LAST, "id" DESC)
  INCLUDE ("list_price", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_city_idx" ON "properties" USING btree ("property_type", "city_id")
  INCLUDE ("id", "rating_average", "published_at", "list_price", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_place_idx" ON "properties" USING btree ("property_type", "place_id")
  INCLUDE ("id", "rating_average", "published_at", "list_price", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count")
  WHERE status = 'approved';
--> statement-breakpoint
-- The planner knows nothing about an expression's values unless told: without this every date search
-- was estimated to match 0.5 % of the listings and ran on the availability index even when nearly all do.
CREATE STATISTICS IF NOT EXISTS "properties_availability_stats" ON (daterange("available_from", "available_until", '[]')) FROM "properties";
