ALTER TABLE "properties" ADD COLUMN "keeps_shabbat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "check_in_time" text DEFAULT '15:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_check_in_time_format" CHECK ("properties"."check_in_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
--> statement-breakpoint
-- Hand-written (drizzle cannot express functions): amenity_mask learns the two Shabbat amenities,
-- bits 25 and 26 (core/amenity-bits.ts says the same; search.test.ts checks that both agree). Earlier
-- bits are unchanged and no stored row holds the new keys yet (listings accept only known keys), so
-- every stored amenity_bits value stays what this version computes: replacing the function in place
-- is safe, and the generated column and the covering indexes need no rebuild.
CREATE OR REPLACE FUNCTION "amenity_mask"(amenities text[]) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
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
    when 'shabbat_elevator' then 25
    when 'kosher_kitchen' then 26
  end), 0) from unnest(amenities) amenity
$$;
