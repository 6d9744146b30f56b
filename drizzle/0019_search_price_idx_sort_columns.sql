-- contract: properties_search_price_idx is rebuilt with the other sorts' columns (rating_average,
-- published_at) in its INCLUDE list; the previous release reads it exactly as before (only the INCLUDE
-- list grew), and while it is rebuilt searches read the table, slower but correct.
--
-- A price cap makes the planner walk this index for a search sorted by rating or age, then sort what
-- passes. Without those columns each row was read from the table: 30,000 table reads, 230 ms, for a
-- hotel search with a low cap and five stars at 1M listings (docs/performance.md, issue 15).
DROP INDEX "properties_search_price_idx";--> statement-breakpoint
CREATE INDEX "properties_search_price_idx" ON "properties" USING btree ("property_type", "list_price", "id")
  INCLUDE ("rating_average", "published_at", "city_id", "place_id", "available_from", "available_until", "star_rating", "pet_friendly", "swap_available", "room_count", "amenity_bits")
  WHERE status = 'approved';
