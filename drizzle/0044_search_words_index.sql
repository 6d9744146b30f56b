-- Words in a search, fast (issue 38, decision 059). One GIN index of the words per kind of stay, each
-- also carrying the city (btree_gin), replaces the one index of the words alone: a search with words
-- then finds its matches of that type in that city in the index alone, exactly (a plain word query
-- needs no recheck), and reads from the table only the rows it counts. With the words alone in the
-- index, a common word ("balcony", 12 % of listings) was checked row by row against each listing's
-- document read from the table (at 100k listings a sequential scan of 32,000 rows and 60,000 pages).
-- One index per type rather than the type as a column of one index: intersecting a type's posting
-- tree (a third of all listings) cost 1.5 ms a search at 100k, the partial index 0.35 ms.
-- The document is kept in the row (storage MAIN: compressed if need be, moved out only as a last
-- resort; the descriptions leave the row first): out of line, every listing a search checks for its
-- words cost a TOAST lookup besides its row (17,000 pages for 6,000 rows checked), and the planner,
-- which does not count that, chose such plans freely. Rows written before this keep their document
-- where it is until they are next written (a `VACUUM FULL properties` in a quiet hour moves them all).
-- contract: the previous release's word searches read the per-type indexes made below as well (a GIN
-- index serves any of its columns), so the old words-only index goes without any release still needing it.
ALTER TABLE "properties" ALTER COLUMN "search_document" SET STORAGE MAIN;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "properties_search_document_idx";--> statement-breakpoint
CREATE INDEX "properties_search_words_hotel_idx" ON "properties" USING gin ("city_id","search_document") WHERE status = 'approved' and property_type = 'hotel';--> statement-breakpoint
CREATE INDEX "properties_search_words_sublet_idx" ON "properties" USING gin ("city_id","search_document") WHERE status = 'approved' and property_type = 'sublet';--> statement-breakpoint
CREATE INDEX "properties_search_words_rental_idx" ON "properties" USING gin ("city_id","search_document") WHERE status = 'approved' and property_type = 'rental';
