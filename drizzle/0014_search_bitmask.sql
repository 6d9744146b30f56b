-- contract: the covering search indexes are rebuilt with amenity_bits in their INCLUDE list, and the
-- amenities GIN index goes. The previous release reads the rebuilt indexes exactly as before (only the
-- INCLUDE list grew); during the rollout its amenity searches read the table, slower but correct.
--
-- Each amenity's bit (core/amenity-bits.ts says the same; search.test.ts checks that both agree).
-- Bits are never renumbered: a new amenity gets the next bit and a new version of this function.
-- No stored row holds a key this function does not know, since listings accept only known keys.
CREATE FUNCTION "amenity_mask"(amenities text[]) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(bit_or(1::bigint << case amenity
    when 'free_wifi' then 0
    when 'swimming_pool' then 1
    when 'gym' then 2
    when 'spa' then 3
    when 'restaurant' then 4
    when 'room_service' then 5
    when 'business_center' then 6
    when 'parking' then 7
    when 'air_conditioning' then 8
    when 'pet_friendly' then 9
    when 'airport_shuttle' then 10
    when 'breakfast_included' then 11
    when 'kitchen' then 12
    when 'washer' then 13
    when 'dryer' then 14
    when 'dishwasher' then 15
    when 'balcony' then 16
    when 'elevator' then 17
    when 'workspace' then 18
    when 'tv' then 19
    when 'heating' then 20
    when 'safe_room' then 21
    when 'sea_view' then 22
    when 'garden' then 23
    when 'crib' then 24
  end), 0) from unnest(amenities) amenity
$$;
--> statement-breakpoint
DROP INDEX "properties_search_amenities_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "amenity_bits" bigint GENERATED ALWAYS AS (amenity_mask(amenities)) STORED;--> statement-breakpoint
-- A searched location named back in the visitor's language (placeNameIn) looks names up whole.
CREATE INDEX "places_name_en_lower_idx" ON "places" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "places_name_he_idx" ON "places" USING btree ("name_he");--> statement-breakpoint
DROP INDEX "properties_search_rating_idx";--> statement-breakpoint
DROP INDEX "properties_search_price_idx";--> statement-breakpoint
DROP INDEX "properties_search_newest_idx";--> statement-breakpoint
DROP INDEX "properties_search_city_idx";--> statement-breakpoint
DROP INDEX "properties_search_place_idx";--> statement-breakpoint
CREATE INDEX "properties_search_rating_idx" ON "properties" USING btree ("property_type", "rating_average" DESC NULLS LAST, "id" DESC)
  INCLUDE ("list_price", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_price_idx" ON "properties" USING btree ("property_type", "list_price", "id")
  INCLUDE ("city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_newest_idx" ON "properties" USING btree ("property_type", "published_at" DESC NULLS LAST, "id" DESC)
  INCLUDE ("list_price", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_city_idx" ON "properties" USING btree ("property_type", "city_id")
  INCLUDE ("id", "rating_average", "published_at", "list_price", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits")
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX "properties_search_place_idx" ON "properties" USING btree ("property_type", "place_id")
  INCLUDE ("id", "rating_average", "published_at", "list_price", "city_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits")
  WHERE status = 'approved';
