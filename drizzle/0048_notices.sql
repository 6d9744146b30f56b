-- A member's in-app notices (issue 37, decision 063): the kind, a path inside the app, the values the
-- text is written from (never the text: it is written when read, in the reader's language then), when
-- it was made and read. The list reads the member's index newest first; the bell counts the partial
-- index of unread ones; a key makes a notice once-only for its member (the grace job's 'grace:<period>').
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"link" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notices_kind" CHECK ("notices"."kind" in ('period_failed', 'period_action_required', 'period_grace_over', 'stay_ended_unpaid', 'move_in_reported', 'move_in_decided', 'stay_change_proposed', 'stay_change_accepted', 'stay_change_declined', 'stay_change_expired', 'booking_requested', 'booking_booked', 'booking_confirmed', 'booking_declined', 'booking_expired', 'booking_cancelled')),
	CONSTRAINT "notices_link_in_app" CHECK ("notices"."link" like '/%' and "notices"."link" not like '//%')
);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_member_idx" ON "notices" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notices_member_unread_idx" ON "notices" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "notices"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_member_key_unique" ON "notices" USING btree ("user_id","key") WHERE "notices"."key" is not null;
