ALTER TYPE "public"."listing_status" ADD VALUE 'suspended';--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pending_changes" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "changes_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "changes_rejection_reason" text;