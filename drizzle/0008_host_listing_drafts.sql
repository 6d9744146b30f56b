ALTER TABLE "properties" ALTER COLUMN "title_en" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "title_he" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "place_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "city_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_placed_unless_draft" CHECK ("properties"."status" = 'draft' or ("properties"."place_id" is not null and "properties"."city_id" is not null));