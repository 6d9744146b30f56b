-- Proposals to change a confirmed stay's dates or party (decision 058): the other side answers within
-- 24 hours; one open proposal per booking (partial unique index); answers are conditional UPDATEs.
CREATE TABLE "stay_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"proposed_by" uuid,
	"role" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"guests" smallint NOT NULL,
	"child_ages" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"price" jsonb NOT NULL,
	"difference" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_changes_status" CHECK ("stay_changes"."status" in ('proposed', 'accepted', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "stay_changes_role" CHECK ("stay_changes"."role" in ('guest', 'host')),
	CONSTRAINT "stay_changes_dates_order" CHECK ("stay_changes"."check_in" < "stay_changes"."check_out")
);
--> statement-breakpoint
ALTER TABLE "stay_changes" ADD CONSTRAINT "stay_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_changes" ADD CONSTRAINT "stay_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_changes" ADD CONSTRAINT "stay_changes_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_changes_one_open_per_booking" ON "stay_changes" USING btree ("booking_id") WHERE "stay_changes"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "stay_changes_booking_idx" ON "stay_changes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "stay_changes_open_expiry_idx" ON "stay_changes" USING btree ("expires_at") WHERE "stay_changes"."status" = 'proposed';