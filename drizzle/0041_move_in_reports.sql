CREATE TABLE "move_in_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"host_answer" text,
	"answered_at" timestamp with time zone,
	"decision" text,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"refund_recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "move_in_reports_reason" CHECK ("move_in_reports"."reason" in ('not_as_described', 'could_not_get_in')),
	CONSTRAINT "move_in_reports_status" CHECK ("move_in_reports"."status" in ('open', 'decided')),
	CONSTRAINT "move_in_reports_decision" CHECK ("move_in_reports"."decision" is null or "move_in_reports"."decision" in ('refund_all_and_end', 'partial_refund', 'release')),
	CONSTRAINT "move_in_reports_refund_not_negative" CHECK ("move_in_reports"."refund_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "move_in_report_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "move_in_reports" ADD CONSTRAINT "move_in_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_in_reports" ADD CONSTRAINT "move_in_reports_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_in_reports" ADD CONSTRAINT "move_in_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "move_in_report_photos" ADD CONSTRAINT "move_in_report_photos_report_id_move_in_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."move_in_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "move_in_reports_one_open_idx" ON "move_in_reports" USING btree ("booking_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "move_in_reports_status_idx" ON "move_in_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "move_in_reports_guest_idx" ON "move_in_reports" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "move_in_report_photos_report_idx" ON "move_in_report_photos" USING btree ("report_id");
