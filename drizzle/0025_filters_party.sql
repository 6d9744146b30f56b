ALTER TABLE "bookings" ADD COLUMN "child_ages" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
-- contract: the covering search indexes are rebuilt with bedrooms and max_guests in their INCLUDE
-- lists, so the new filters (bedrooms, guests for homes, guests per room for hotels) are tested inside
-- the index like every other filter (docs/decisions/021-filters-and-party.md, docs/performance.md).
-- The previous release reads the rebuilt indexes exactly as before (only the INCLUDE lists grew); while
-- they are rebuilt, searches read the table, slower but correct.
DROP INDEX "properties_search_rating_idx";--> statement-breakpoint
DROP INDEX "properties_search_price_idx";--> statement-breakpoint
DROP INDEX "properties_search_newest_idx";--> statement-breakpoint
DROP INDEX "properties_search_city_idx";--> statement-breakpoint
DROP INDEX "properties_search_place_idx";--> statement-breakpoint
CREATE INDEX "properties_search_rating_idx" ON "properties" USING btree ("property_type", "rating_average" DESC NULLS LAST, "id" DESC)
  INCLUDE ("list_price", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits", "bedrooms", "max_guests")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_price_idx" ON "properties" USING btree ("property_type", "list_price", "id")
  INCLUDE ("rating_average", "published_at", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits", "bedrooms", "max_guests")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_newest_idx" ON "properties" USING btree ("property_type", "published_at" DESC NULLS LAST, "id" DESC)
  INCLUDE ("list_price", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits", "bedrooms", "max_guests")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_city_idx" ON "properties" USING btree ("property_type", "city_id")
  INCLUDE ("id", "rating_average", "published_at", "list_price", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits", "bedrooms", "max_guests")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_place_idx" ON "properties" USING btree ("property_type", "place_id")
  INCLUDE ("id", "rating_average", "published_at", "list_price", "city_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits", "bedrooms", "max_guests")
  WHERE status = 'approved';
