-- Long stays paid period by period (issue 37, decision 054): one payments row of kind 'period' per
-- period of the schedule (core/payment-schedule.ts), its sequence, due day, the platform's fee in it,
-- the charge job's tries and the reminders sent; a Stripe Customer per guest; the card saved by the
-- first Checkout for the later off-session charges.
-- contract: the two checks dropped here are added again below with more kinds and statuses; the
-- previous release writes only values both accept, so it runs on during and after this migration.
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind" CHECK ("payments"."kind" in ('authorization', 'capture', 'refund', 'charge', 'payout', 'period'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('awaiting_payment', 'authorized', 'captured', 'released', 'succeeded', 'scheduled', 'processing', 'failed', 'action_required', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sequence" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "service_fee" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_attempt_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reminded_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reminded_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_period_per_sequence" ON "payments" USING btree ("booking_id","sequence") WHERE "payments"."kind" = 'period' and "payments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "payments_period_due_idx" ON "payments" USING btree ("status","due_on") WHERE "payments"."kind" = 'period';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_stripe_customer_id_unique" UNIQUE("stripe_customer_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "saved_payment_method_id" text;
