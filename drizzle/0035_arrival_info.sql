CREATE TABLE "listing_arrival_info" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"check_in_instructions_en" text DEFAULT '' NOT NULL,
	"check_in_instructions_he" text DEFAULT '' NOT NULL,
	"house_manual_en" text DEFAULT '' NOT NULL,
	"house_manual_he" text DEFAULT '' NOT NULL,
	"wifi_name" text DEFAULT '' NOT NULL,
	"wifi_password" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "arrival_mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_arrival_info" ADD CONSTRAINT "listing_arrival_info_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_arrival_mail_due_idx" ON "bookings" USING btree ("check_in") WHERE status = 'confirmed' and arrival_mail_sent_at is null;