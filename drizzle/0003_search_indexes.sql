DROP INDEX "properties_place_idx";--> statement-breakpoint
DROP INDEX "properties_city_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "list_price" integer GENERATED ALWAYS AS (case property_type when 'hotel' then price_per_night when 'sublet' then price_per_month else price_per_week end) STORED;--> statement-breakpoint
CREATE INDEX "places_name_en_trgm_idx" ON "places" USING gin ("name_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_name_he_trgm_idx" ON "places" USING gin ("name_he" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_search_availability_idx" ON "properties" USING gist (daterange("available_from", "available_until", '[]')) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "properties_search_amenities_idx" ON "properties" USING gin ("amenities") WHERE status = 'approved';