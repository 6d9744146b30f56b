-- Visitors' listing pages share the result cache with search (docs/decisions/013-search-result-cache.md).
-- Besides what search reads, a listing page shows its latest reviews and its host's card (name, photo,
-- verification, response time, figures): writes to those announce a new generation too, so a cached
-- page is never older than the last committed change. host_figures has no trigger: its rows change with
-- the bookings and reviews that already announce one, in the same transaction, or when a page view
-- recomputes figures whose window moved on with time; such a read must not end every cached answer.
CREATE TRIGGER "reviews_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
