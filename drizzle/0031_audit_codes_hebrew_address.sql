ALTER TABLE "properties" ADD COLUMN "address_he" text;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "description_code" text;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "description_params" jsonb;