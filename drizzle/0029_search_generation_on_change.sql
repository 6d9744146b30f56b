-- Hand-written. A statement that changes no row no longer announces a new search generation
-- (drizzle/0015_search_generation.sql). The statement-level triggers fired for every INSERT, UPDATE or
-- DELETE, also those that matched nothing: the booking jobs' two UPDATEs every minute (on every
-- instance) ended every cached search and listing page each time, with several instances every few
-- seconds. Each table now has one trigger per event, with the statement's changed rows as a transition
-- table (PostgreSQL allows one only on a single-event trigger), and announces only when it holds a row.
-- TRUNCATE has no transition table and always announces.
-- contract: no release calls the dropped triggers; every release only listens on 'search_changed', which
-- still hears every change that moves a row (the new triggers are created in the same transaction).
CREATE FUNCTION "announce_search_change_of_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('search_changed', nextval('search_generation')::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "properties_search_changed" ON "properties";
--> statement-breakpoint
CREATE TRIGGER "properties_search_inserted" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "properties_search_updated" AFTER UPDATE ON "properties" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "properties_search_deleted" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "properties_search_truncated" AFTER TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "property_photos_search_changed" ON "property_photos";
--> statement-breakpoint
CREATE TRIGGER "property_photos_search_inserted" AFTER INSERT ON "property_photos" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "property_photos_search_updated" AFTER UPDATE ON "property_photos" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "property_photos_search_deleted" AFTER DELETE ON "property_photos" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "property_photos_search_truncated" AFTER TRUNCATE ON "property_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "bookings_search_changed" ON "bookings";
--> statement-breakpoint
CREATE TRIGGER "bookings_search_inserted" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "bookings_search_updated" AFTER UPDATE ON "bookings" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "bookings_search_deleted" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "bookings_search_truncated" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "listing_blocks_search_changed" ON "listing_blocks";
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_search_inserted" AFTER INSERT ON "listing_blocks" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_search_updated" AFTER UPDATE ON "listing_blocks" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_search_deleted" AFTER DELETE ON "listing_blocks" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_search_truncated" AFTER TRUNCATE ON "listing_blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "places_search_changed" ON "places";
--> statement-breakpoint
CREATE TRIGGER "places_search_inserted" AFTER INSERT ON "places" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "places_search_updated" AFTER UPDATE ON "places" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "places_search_deleted" AFTER DELETE ON "places" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "places_search_truncated" AFTER TRUNCATE ON "places"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "reviews_search_changed" ON "reviews";
--> statement-breakpoint
CREATE TRIGGER "reviews_search_inserted" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "reviews_search_updated" AFTER UPDATE ON "reviews" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "reviews_search_deleted" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "reviews_search_truncated" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "profiles_search_changed" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_search_inserted" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_updated" AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_deleted" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_truncated" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "listing_price_rules_search_changed" ON "listing_price_rules";
--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_search_inserted" AFTER INSERT ON "listing_price_rules" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_search_updated" AFTER UPDATE ON "listing_price_rules" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_search_deleted" AFTER DELETE ON "listing_price_rules" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "listing_price_rules_search_truncated" AFTER TRUNCATE ON "listing_price_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
DROP TRIGGER "platform_settings_search_changed" ON "platform_settings";
--> statement-breakpoint
CREATE TRIGGER "platform_settings_search_inserted" AFTER INSERT ON "platform_settings" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "platform_settings_search_updated" AFTER UPDATE ON "platform_settings" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "platform_settings_search_deleted" AFTER DELETE ON "platform_settings" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change_of_rows();
--> statement-breakpoint
CREATE TRIGGER "platform_settings_search_truncated" AFTER TRUNCATE ON "platform_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
