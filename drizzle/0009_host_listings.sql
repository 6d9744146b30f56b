CREATE TABLE "listing_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_blocks_dates_order" CHECK ("listing_blocks"."start_date" < "listing_blocks"."end_date")
);
--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "title_en" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "title_he" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "place_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "city_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_blocks" ADD CONSTRAINT "listing_blocks_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_blocks_property_idx" ON "listing_blocks" USING btree ("property_id","start_date");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_placed_unless_draft" CHECK ("properties"."status" = 'draft' or ("properties"."place_id" is not null and "properties"."city_id" is not null));