CREATE TYPE "public"."place_verification_status" AS ENUM('none', 'pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TABLE "listing_photo_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"photo_key" text NOT NULL,
	"matched_property_id" integer NOT NULL,
	"matched_photo_key" text NOT NULL,
	"distance" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "place_verification" "place_verification_status" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "place_document_key" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "place_document_kind" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "place_document_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "place_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "mirror_hash" bigint;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "colour_signature" bigint;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "hashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_photo_matches" ADD CONSTRAINT "listing_photo_matches_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo_matches" ADD CONSTRAINT "listing_photo_matches_matched_property_id_properties_id_fk" FOREIGN KEY ("matched_property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photo_matches_open_idx" ON "listing_photo_matches" USING btree ("property_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photo_matches_pair_idx" ON "listing_photo_matches" USING btree ("photo_key","matched_photo_key");--> statement-breakpoint
CREATE INDEX "property_photos_unhashed_idx" ON "property_photos" USING btree ("id") WHERE hashed_at is null;