CREATE TABLE "contact_masking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"property_id" integer,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_masking_events_source" CHECK ("contact_masking_events"."source" in ('message', 'listing'))
);
--> statement-breakpoint
ALTER TABLE "booking_messages" ADD COLUMN "masked_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_masking_events" ADD CONSTRAINT "contact_masking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_masking_events" ADD CONSTRAINT "contact_masking_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_masking_events_user_idx" ON "contact_masking_events" USING btree ("user_id","created_at");--> statement-breakpoint
-- Hand-written (drizzle cannot express functions): amenity_mask learns the accessibility features
-- (issue 39, item 6), bits 27 to 30 (core/amenity-bits.ts says the same; search.test.ts checks that
-- both agree). Earlier bits are unchanged and no stored row holds the new keys yet (listings accept
-- only known keys), so every stored amenity_bits value stays what this version computes: replacing
-- the function in place is safe, and the generated column and the covering indexes need no rebuild.
CREATE OR REPLACE FUNCTION "amenity_mask"(amenities text[]) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(bit_or(1::bigint << case amenity
    when 'free_wifi' then 0
    when 'swimming_pool' then 1
    when 'gym' then 2
    when 'spa' then 3
    when 'restaurant' then 4
    when 'room_service' then 5
    when 'business_center' then 6
    when 'parking' then 7
    when 'air_conditioning' then 8
    when 'pet_friendly' then 9
    when 'airport_shuttle' then 10
    when 'breakfast_included' then 11
    when 'kitchen' then 12
    when 'washer' then 13
    when 'dryer' then 14
    when 'dishwasher' then 15
    when 'balcony' then 16
    when 'elevator' then 17
    when 'workspace' then 18
    when 'tv' then 19
    when 'heating' then 20
    when 'safe_room' then 21
    when 'sea_view' then 22
    when 'garden' then 23
    when 'crib' then 24
    when 'shabbat_elevator' then 25
    when 'kosher_kitchen' then 26
    when 'step_free_entrance' then 27
    when 'wide_doorways' then 28
    when 'accessible_bathroom' then 29
    when 'accessible_parking' then 30
  end), 0) from unnest(amenities) amenity
$$;
