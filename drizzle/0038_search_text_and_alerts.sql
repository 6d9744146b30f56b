-- The search's `text` field (decision 048). search_words is kept in step with core/search-text.ts,
-- which reads the searched words the same way: lower case, Hebrew points and cantillation removed,
-- the maqaf and every other sign a space; each Hebrew word also without one and two of the one-letter
-- prefixes (ו ב ל מ ה ש כ) when at least two letters remain: "והמרפסת" is kept as itself, "המרפסת"
-- and "מרפסת". Self-contained (no call to another function of ours), as a generated column's
-- expression is also evaluated during a restore, where the search path is empty.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE FUNCTION "search_words"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(string_agg(
    word
      || case when word ~ '^[ובלמהשכ][א-ת]{2,}$' then ' ' || substr(word, 2) else '' end
      || case when word ~ '^[ובלמהשכ]{2}[א-ת]{2,}$' then ' ' || substr(word, 3) else '' end,
    ' '), '')
  from regexp_split_to_table(btrim(regexp_replace(regexp_replace(replace(lower(coalesce(input, '')), E'\u05BE', ' '), '[\u0591-\u05C7]', '', 'g'), '[^a-z0-9א-ת]+', ' ', 'g')), ' ') as word
  where word <> ''
$$;--> statement-breakpoint
CREATE TYPE "public"."alert_frequency" AS ENUM('instant', 'daily', 'none');--> statement-breakpoint
CREATE TABLE "saved_search_alerts" (
	"saved_search_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_alerts_saved_search_id_property_id_pk" PRIMARY KEY("saved_search_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"frequency" "alert_frequency" DEFAULT 'daily' NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"alerts_since" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_words(title_en || ' ' || title_he || ' ' || description_en || ' ' || description_he)) || to_tsvector('english'::regconfig, title_en || ' ' || description_en)) STORED;--> statement-breakpoint
ALTER TABLE "saved_listings" ADD COLUMN "check_in" date;--> statement-breakpoint
ALTER TABLE "saved_listings" ADD COLUMN "check_out" date;--> statement-breakpoint
ALTER TABLE "saved_listings" ADD COLUMN "watched_price" integer;--> statement-breakpoint
ALTER TABLE "saved_listings" ADD COLUMN "price_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("frequency","alerts_since");--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_search_document_idx" ON "properties" USING gin ("search_document") WHERE status = 'approved';--> statement-breakpoint
-- The lexicon of typo candidates (decision 048): the words of every listing's texts, kept by a trigger.
CREATE FUNCTION "search_lexicon_add"() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  insert into search_lexicon (word)
    select distinct word from unnest(tsvector_to_array(new.search_document)) as word
    where length(word) >= 4 and word !~ '[^a-z0-9א-ת]'
  on conflict do nothing;
  return null;
end
$$;--> statement-breakpoint
CREATE TRIGGER "properties_lexicon_words" AFTER INSERT OR UPDATE OF title_en, title_he, description_en, description_he ON "properties"
  FOR EACH ROW EXECUTE FUNCTION search_lexicon_add();--> statement-breakpoint
INSERT INTO "search_lexicon" (word)
  SELECT DISTINCT word FROM properties p, unnest(tsvector_to_array(p.search_document)) AS word
  WHERE length(word) >= 4 AND word !~ '[^a-z0-9א-ת]'
  ON CONFLICT DO NOTHING;
