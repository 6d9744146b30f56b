CREATE TABLE "listing_price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"preset" text,
	"adjust_percent" smallint,
	"price" integer,
	"min_nights" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_price_rules_dates_order" CHECK ("listing_price_rules"."start_date" < "listing_price_rules"."end_date"),
	CONSTRAINT "listing_price_rules_one_price" CHECK ("listing_price_rules"."adjust_percent" is null or "listing_price_rules"."price" is null),
	CONSTRAINT "listing_price_rules_does_something" CHECK ("listing_price_rules"."adjust_percent" is not null or "listing_price_rules"."price" is not null or "listing_price_rules"."min_nights" is not null),
	CONSTRAINT "listing_price_rules_percent_range" CHECK ("listing_price_rules"."adjust_percent" is null or "listing_price_rules"."adjust_percent" between -50 and 300),
	CONSTRAINT "listing_price_rules_price_positive" CHECK ("listing_price_rules"."price" is null or "listing_price_rules"."price" > 0),
	CONSTRAINT "listing_price_rules_min_nights_positive" CHECK ("listing_price_rules"."min_nights" is null or "listing_price_rules"."min_nights" > 0)
);
--> statement-breakpoint
ALTER TABLE "listing_price_rules" ADD CONSTRAINT "listing_price_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_price_rules_property_idx" ON "listing_price_rules" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE INDEX "listing_price_rules_end_idx" ON "listing_price_rules" USING btree ("end_date");--> statement-breakpoint
-- Hand-written (drizzle cannot declare EXCLUDE constraints or triggers).
-- A listing's price rules never share a night, so each night has at most one rule and every price is
-- explained by one line per rule; the database refuses an overlap however many saves race.
ALTER TABLE "listing_price_rules" ADD CONSTRAINT "listing_price_rules_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("start_date", "end_date", '[)') WITH &&);
--> statement-breakpoint
-- Search filters and sorts on the prices the rules make, and listing pages carry the rules: a change
-- announces a new search generation (drizzle/0015_search_generation.sql), ending cached answers.
CREATE TRIGGER "listing_price_rules_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listing_price_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_search_change();
