-- Hand-written. Search cards with dates carry the stay's total, and the property page its service
-- fee rate: both read the admin's commission rates (platform_settings). A change of settings now
-- announces a new search generation (drizzle/0015_search_generation.sql), ending cached answers that
-- were priced at the old rate (docs/decisions/024-listing-fees.md).
CREATE TRIGGER "platform_settings_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "platform_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
