-- The search result cache's generation (docs/decisions/013-search-result-cache.md): every statement
-- that writes what search reads takes a new number and announces it on the 'search_changed' channel.
-- PostgreSQL delivers a notification only when its transaction commits, and to every listener in
-- commit order, so each app instance moves to the same new cache key right after the change is visible,
-- whoever wrote it (a route, a job, an admin with psql).
CREATE SEQUENCE "search_generation";
--> statement-breakpoint
CREATE FUNCTION "announce_search_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_changed', nextval('search_generation')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
CREATE TRIGGER "property_photos_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
CREATE TRIGGER "bookings_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
CREATE TRIGGER "listing_blocks_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
CREATE TRIGGER "places_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "places"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
