-- Hand-written. The result cache's freshness by the keys a write touches (docs/decisions/065-keyed-cache.md),
-- replacing the one search generation (drizzle/0015, 0016, 0021, 0028, 0029).
--
-- Every statement that changes what a cached search or listing page shows appends one row to
-- cache_changes: the keys it touched (a listing's page, its type and place in search, the seasonal prices
-- of its type, the typo lexicon, or everything). Appending takes no lock another writer waits for (no
-- NOTIFY, whose commit-time lock made every announcing transaction commit one at a time, and no shared
-- counter row). Each app instance reads the rows committed since its last look, by snapshot
-- (server/cache/change-feed.ts), and moves the versions of those keys on; an answer's cache key carries
-- the versions of the keys it depends on, so a booking in Eilat ends Eilat's answers and leaves Haifa's.
--
-- contract: the previous release only listens on 'search_changed' (and takes a number from the
-- search_generation sequence when it connects, kept here). During a rollout its instances hear nothing
-- more and keep answers until they expire (SEARCH_CACHE_SECONDS, 30 s by default), as long as a browser
-- or a CDN may keep a results page (max-age 30); the sequence can go in a later release.
CREATE TABLE "cache_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	-- The writing transaction: readers take the rows that became visible since their last snapshot.
	"tx" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"keys" text[] NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cache_changes_tx_idx" ON "cache_changes" USING btree ("tx");
--> statement-breakpoint
-- A renamed guest changes the pages showing their reviews: found by author.
CREATE INDEX IF NOT EXISTS "reviews_author_idx" ON "reviews" USING btree ("author_id");
--> statement-breakpoint
-- The triggers compare a statement's old and new rows with EXCEPT, never a join: PL/pgSQL keeps the
-- plan of its first run, made for that statement's row count, and a nested loop planned for one row
-- took minutes on the photo-hash job's 76,000-row update.
CREATE FUNCTION "note_cache_change"(changed text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cache_changes (keys) SELECT changed WHERE cardinality(changed) > 0
$$;
--> statement-breakpoint
-- The search keys of a listing of `property_type` in `city_id` / `place_id` (server/cache/change-keys.ts):
-- what every search shows of it, and (nights) whether it is free on given dates, which only searches
-- with dates show.
CREATE FUNCTION "cache_search_keys"(property_type text, city_id integer, place_id integer) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array['type:' || property_type, 'area:' || property_type || ':' || city_id, 'area:' || property_type || ':' || place_id]
$$;
--> statement-breakpoint
CREATE FUNCTION "cache_nights_keys"(property_type text, city_id integer, place_id integer) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array['nights:' || property_type, 'nights:' || property_type || ':' || city_id, 'nights:' || property_type || ':' || place_id]
$$;
--> statement-breakpoint
-- The keys of the approved listings `ids`: in search, their free nights, on their pages, in their type's seasonal prices.
CREATE FUNCTION "cache_keys_of_listings"(ids integer[], search boolean, nights boolean, page boolean, prices boolean) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(DISTINCT k) FROM properties p,
    unnest(CASE WHEN search THEN cache_search_keys(p.property_type::text, p.city_id, p.place_id) ELSE '{}'::text[] END
      || CASE WHEN nights THEN cache_nights_keys(p.property_type::text, p.city_id, p.place_id) ELSE '{}'::text[] END
      || CASE WHEN page THEN array['listing:' || p.id] ELSE '{}'::text[] END
      || CASE WHEN prices THEN array['prices:' || p.property_type] ELSE '{}'::text[] END) k
  WHERE p.id = ANY(ids) AND p.status = 'approved'
$$;
--> statement-breakpoint
-- Whether a booking holds its nights, as search reads it (stayHolds in server/db/availability-sql.ts;
-- the statuses are core/constants.ts blockingBookingStatuses).
CREATE FUNCTION "cache_booking_holds"(status booking_status, expires_at timestamp with time zone) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT status IN ('pending', 'confirmed') AND (status <> 'pending' OR expires_at IS NULL OR expires_at > now())
$$;
--> statement-breakpoint
-- Listings: what was or now is approved, on its page, in search (both places when it moved) and in
-- its type's seasonal prices; new or changed texts add words to the typo lexicon.
CREATE FUNCTION "cache_change_of_properties"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT k) INTO changed FROM (
      SELECT unnest(cache_search_keys(n.property_type::text, n.city_id, n.place_id) || array['prices:' || n.property_type]) AS k
        FROM new_rows n WHERE n.status = 'approved'
      UNION ALL SELECT 'words' WHERE EXISTS (SELECT 1 FROM new_rows)) keys;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT k) INTO changed FROM (
      SELECT unnest(cache_search_keys(o.property_type::text, o.city_id, o.place_id) || array['prices:' || o.property_type, 'listing:' || o.id]) AS k
        FROM old_rows o WHERE o.status = 'approved'
      UNION ALL
      SELECT unnest(cache_search_keys(n.property_type::text, n.city_id, n.place_id) || array['prices:' || n.property_type, 'listing:' || n.id])
        FROM new_rows n WHERE n.status = 'approved'
      UNION ALL
      SELECT 'words' WHERE EXISTS (SELECT id, title_en, title_he, description_en, description_he FROM new_rows
        EXCEPT SELECT id, title_en, title_he, description_en, description_he FROM old_rows)) keys;
  ELSE
    SELECT array_agg(DISTINCT k) INTO changed FROM (
      SELECT unnest(cache_search_keys(o.property_type::text, o.city_id, o.place_id) || array['prices:' || o.property_type, 'listing:' || o.id]) AS k
        FROM old_rows o WHERE o.status = 'approved') keys;
  END IF;
  PERFORM note_cache_change(changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Photos: the page, and the search cards (the cover). Computing a photo's hashes changes neither.
CREATE FUNCTION "cache_change_of_property_photos"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(property_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(property_id) INTO ids FROM (
      (SELECT id, property_id, storage_key, position, width, height, alt_en, alt_he FROM new_rows
        EXCEPT SELECT id, property_id, storage_key, position, width, height, alt_en, alt_he FROM old_rows)
      UNION ALL
      (SELECT id, property_id, storage_key, position, width, height, alt_en, alt_he FROM old_rows
        EXCEPT SELECT id, property_id, storage_key, position, width, height, alt_en, alt_he FROM new_rows)) changed;
  ELSE
    SELECT array_agg(property_id) INTO ids FROM old_rows;
  END IF;
  PERFORM note_cache_change(cache_keys_of_listings(ids, true, false, true, false));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Stays: which nights are free, in searches with dates. Only a change of the nights a booking holds
-- counts: a host accepting a request (it held its nights already), a payment's state, a mail sent
-- change nothing a search shows; a request declined, cancelled or expired frees them.
CREATE FUNCTION "cache_change_of_bookings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(property_id) INTO ids FROM new_rows WHERE cache_booking_holds(status, expires_at);
  ELSIF TG_OP = 'UPDATE' THEN
    -- The stays held before or after whose nights differ: rows of one side the other lacks, holding.
    SELECT array_agg(property_id) INTO ids FROM (
      (SELECT id, property_id, check_in, check_out, rooms, cache_booking_holds(status, expires_at) AS holds FROM new_rows
        EXCEPT SELECT id, property_id, check_in, check_out, rooms, cache_booking_holds(status, expires_at) FROM old_rows)
      UNION ALL
      (SELECT id, property_id, check_in, check_out, rooms, cache_booking_holds(status, expires_at) FROM old_rows
        EXCEPT SELECT id, property_id, check_in, check_out, rooms, cache_booking_holds(status, expires_at) FROM new_rows)) changed
      WHERE holds;
  ELSE
    SELECT array_agg(property_id) INTO ids FROM old_rows WHERE cache_booking_holds(status, expires_at);
  END IF;
  PERFORM note_cache_change(cache_keys_of_listings(ids, false, true, false, false));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A host's blocked dates: which nights are free, in searches with dates.
CREATE FUNCTION "cache_change_of_listing_blocks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(property_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(property_id) INTO ids FROM (SELECT property_id FROM old_rows UNION SELECT property_id FROM new_rows) changed;
  ELSE
    SELECT array_agg(property_id) INTO ids FROM old_rows;
  END IF;
  PERFORM note_cache_change(cache_keys_of_listings(ids, false, true, false, false));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Seasonal prices: the page, search (prices, totals, the price filter) and the type's seasonal prices.
CREATE FUNCTION "cache_change_of_listing_price_rules"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(property_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(property_id) INTO ids FROM (SELECT property_id FROM old_rows UNION SELECT property_id FROM new_rows) changed;
  ELSE
    SELECT array_agg(property_id) INTO ids FROM old_rows;
  END IF;
  PERFORM note_cache_change(cache_keys_of_listings(ids, true, false, true, true));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Reviews: the reviewed listing's page (its rating in search moves with the listing's row).
CREATE FUNCTION "cache_change_of_reviews"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(property_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(property_id) INTO ids FROM (SELECT property_id FROM old_rows UNION SELECT property_id FROM new_rows) changed;
  ELSE
    SELECT array_agg(property_id) INTO ids FROM old_rows;
  END IF;
  PERFORM note_cache_change(cache_keys_of_listings(ids, false, false, true, false));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Profiles: a page shows its host's first name, photo and verification, and its reviewers' first
-- names. Only a change of those counts (a phone number or a bio is on no cached answer).
CREATE FUNCTION "cache_change_of_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed_users uuid[];
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id) INTO changed_users FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(user_id) INTO changed_users FROM (
      SELECT user_id, first_name, profile_image_key, id_verification_status FROM new_rows
      EXCEPT SELECT user_id, first_name, profile_image_key, id_verification_status FROM old_rows) changed;
  ELSE
    SELECT array_agg(user_id) INTO changed_users FROM old_rows;
  END IF;
  IF changed_users IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(id) INTO ids FROM (
    SELECT p.id FROM properties p WHERE p.host_id = ANY(changed_users)
    UNION SELECT r.property_id FROM reviews r WHERE r.author_id = ANY(changed_users)) pages;
  PERFORM note_cache_change(cache_keys_of_listings(ids, false, false, true, false));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The gazetteer's names and matches, and the platform's settings (commission rates in every total):
-- everything. A statement that changes no row changes nothing.
CREATE FUNCTION "cache_change_of_everything"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM note_cache_change(array['all']);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Emptying a table ends everything.
CREATE FUNCTION "cache_change_of_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM note_cache_change(array['all']);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "properties_search_inserted" ON "properties";--> statement-breakpoint
DROP TRIGGER "properties_search_updated" ON "properties";--> statement-breakpoint
DROP TRIGGER "properties_search_deleted" ON "properties";--> statement-breakpoint
DROP TRIGGER "properties_search_truncated" ON "properties";--> statement-breakpoint
DROP TRIGGER "property_photos_search_inserted" ON "property_photos";--> statement-breakpoint
DROP TRIGGER "property_photos_search_updated" ON "property_photos";--> statement-breakpoint
DROP TRIGGER "property_photos_search_deleted" ON "property_photos";--> statement-breakpoint
DROP TRIGGER "property_photos_search_truncated" ON "property_photos";--> statement-breakpoint
DROP TRIGGER "bookings_search_inserted" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_search_updated" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_search_deleted" ON "bookings";--> statement-breakpoint
DROP TRIGGER "bookings_search_truncated" ON "bookings";--> statement-breakpoint
DROP TRIGGER "listing_blocks_search_inserted" ON "listing_blocks";--> statement-breakpoint
DROP TRIGGER "listing_blocks_search_updated" ON "listing_blocks";--> statement-breakpoint
DROP TRIGGER "listing_blocks_search_deleted" ON "listing_blocks";--> statement-breakpoint
DROP TRIGGER "listing_blocks_search_truncated" ON "listing_blocks";--> statement-breakpoint
DROP TRIGGER "places_search_inserted" ON "places";--> statement-breakpoint
DROP TRIGGER "places_search_updated" ON "places";--> statement-breakpoint
DROP TRIGGER "places_search_deleted" ON "places";--> statement-breakpoint
DROP TRIGGER "places_search_truncated" ON "places";--> statement-breakpoint
DROP TRIGGER "reviews_search_inserted" ON "reviews";--> statement-breakpoint
DROP TRIGGER "reviews_search_updated" ON "reviews";--> statement-breakpoint
DROP TRIGGER "reviews_search_deleted" ON "reviews";--> statement-breakpoint
DROP TRIGGER "reviews_search_truncated" ON "reviews";--> statement-breakpoint
DROP TRIGGER "profiles_search_inserted" ON "profiles";--> statement-breakpoint
DROP TRIGGER "profiles_search_updated" ON "profiles";--> statement-breakpoint
DROP TRIGGER "profiles_search_deleted" ON "profiles";--> statement-breakpoint
DROP TRIGGER "profiles_search_truncated" ON "profiles";--> statement-breakpoint
DROP TRIGGER "listing_price_rules_search_inserted" ON "listing_price_rules";--> statement-breakpoint
DROP TRIGGER "listing_price_rules_search_updated" ON "listing_price_rules";--> statement-breakpoint
DROP TRIGGER "listing_price_rules_search_deleted" ON "listing_price_rules";--> statement-breakpoint
DROP TRIGGER "listing_price_rules_search_truncated" ON "listing_price_rules";--> statement-breakpoint
DROP TRIGGER "platform_settings_search_inserted" ON "platform_settings";--> statement-breakpoint
DROP TRIGGER "platform_settings_search_updated" ON "platform_settings";--> statement-breakpoint
DROP TRIGGER "platform_settings_search_deleted" ON "platform_settings";--> statement-breakpoint
DROP TRIGGER "platform_settings_search_truncated" ON "platform_settings";--> statement-breakpoint
DROP FUNCTION "announce_search_change_of_rows"();--> statement-breakpoint
DROP FUNCTION "announce_search_change"();--> statement-breakpoint
CREATE TRIGGER "properties_cache_inserted" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_properties();--> statement-breakpoint
CREATE TRIGGER "properties_cache_updated" AFTER UPDATE ON "properties" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_properties();--> statement-breakpoint
CREATE TRIGGER "properties_cache_deleted" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_properties();--> statement-breakpoint
CREATE TRIGGER "properties_cache_truncated" AFTER TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "property_photos_cache_inserted" AFTER INSERT ON "property_photos" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_property_photos();--> statement-breakpoint
CREATE TRIGGER "property_photos_cache_updated" AFTER UPDATE ON "property_photos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_property_photos();--> statement-breakpoint
CREATE TRIGGER "property_photos_cache_deleted" AFTER DELETE ON "property_photos" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_property_photos();--> statement-breakpoint
CREATE TRIGGER "property_photos_cache_truncated" AFTER TRUNCATE ON "property_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "bookings_cache_inserted" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_bookings();--> statement-breakpoint
CREATE TRIGGER "bookings_cache_updated" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_bookings();--> statement-breakpoint
CREATE TRIGGER "bookings_cache_deleted" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_bookings();--> statement-breakpoint
CREATE TRIGGER "bookings_cache_truncated" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "listing_blocks_cache_inserted" AFTER INSERT ON "listing_blocks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_listing_blocks();--> statement-breakpoint
CREATE TRIGGER "listing_blocks_cache_updated" AFTER UPDATE ON "listing_blocks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_listing_blocks();--> statement-breakpoint
CREATE TRIGGER "listing_blocks_cache_deleted" AFTER DELETE ON "listing_blocks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_listing_blocks();--> statement-breakpoint
CREATE TRIGGER "listing_blocks_cache_truncated" AFTER TRUNCATE ON "listing_blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_cache_inserted" AFTER INSERT ON "listing_price_rules" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_listing_price_rules();--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_cache_updated" AFTER UPDATE ON "listing_price_rules" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_listing_price_rules();--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_cache_deleted" AFTER DELETE ON "listing_price_rules" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_listing_price_rules();--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_cache_truncated" AFTER TRUNCATE ON "listing_price_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_inserted" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_reviews();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_updated" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_reviews();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_deleted" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_reviews();--> statement-breakpoint
CREATE TRIGGER "reviews_cache_truncated" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "profiles_cache_inserted" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_profiles();--> statement-breakpoint
CREATE TRIGGER "profiles_cache_updated" AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_profiles();--> statement-breakpoint
CREATE TRIGGER "profiles_cache_deleted" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_profiles();--> statement-breakpoint
CREATE TRIGGER "profiles_cache_truncated" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "places_cache_inserted" AFTER INSERT ON "places" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_everything();--> statement-breakpoint
CREATE TRIGGER "places_cache_updated" AFTER UPDATE ON "places" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_everything();--> statement-breakpoint
CREATE TRIGGER "places_cache_deleted" AFTER DELETE ON "places" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_everything();--> statement-breakpoint
CREATE TRIGGER "places_cache_truncated" AFTER TRUNCATE ON "places"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();--> statement-breakpoint
CREATE TRIGGER "platform_settings_cache_inserted" AFTER INSERT ON "platform_settings" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_everything();--> statement-breakpoint
CREATE TRIGGER "platform_settings_cache_updated" AFTER UPDATE ON "platform_settings" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_everything();--> statement-breakpoint
CREATE TRIGGER "platform_settings_cache_deleted" AFTER DELETE ON "platform_settings" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_everything();--> statement-breakpoint
CREATE TRIGGER "platform_settings_cache_truncated" AFTER TRUNCATE ON "platform_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION cache_change_of_truncate();
