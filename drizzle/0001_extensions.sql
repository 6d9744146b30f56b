-- Trigram indexes for partial place and title matches, and btree_gist for the booking exclusion constraint.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
