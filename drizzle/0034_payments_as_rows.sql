CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"host_id" uuid,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'ils' NOT NULL,
	"period_start" date,
	"period_end" date,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_id" text,
	"idempotency_key" text,
	"ledger_key" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_ledger_key_unique" UNIQUE("ledger_key"),
	CONSTRAINT "payments_kind" CHECK ("payments"."kind" in ('authorization', 'capture', 'refund', 'charge', 'payout')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('awaiting_payment', 'authorized', 'captured', 'released', 'succeeded')),
	CONSTRAINT "payments_amount_not_negative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_period" CHECK (("payments"."period_start" is null) = ("payments"."period_end" is null) and ("payments"."period_start" is null or "payments"."period_start" < "payments"."period_end"))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id","kind");--> statement-breakpoint
CREATE INDEX "payments_session_idx" ON "payments" USING btree ("provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_capture_per_authorization" ON "payments" USING btree ("parent_id") WHERE "payments"."kind" = 'capture';--> statement-breakpoint
-- Backfill (decision 053): today's card payments move over, one row per authorization, capture and refund, and one per payout. Nothing else changes: the ledger, the bookings and the payouts stay as they are.
-- Authorizations: one per card booking (and per booking with a card movement in the ledger), with the booking's id as its own, so the provider keys it was called with (checkout-, capture-, release-, refund-<booking>) are the keys of this payment.
INSERT INTO "payments" ("id", "booking_id", "kind", "amount", "currency", "provider", "provider_session_id", "provider_payment_id", "idempotency_key", "status", "created_at", "updated_at")
SELECT b."id", b."id", 'authorization', b."total", 'ils', 'stripe', b."stripe_checkout_session_id", b."stripe_payment_intent_id", 'checkout-' || b."id",
  CASE b."payment_status" WHEN 'awaiting_payment' THEN 'awaiting_payment' WHEN 'authorized' THEN 'authorized' WHEN 'released' THEN 'released' ELSE 'captured' END,
  b."created_at", b."updated_at"
FROM "bookings" b
WHERE b."payment_method" = 'card'
  OR EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t."booking_id" = b."id" AND t."kind" IN ('capture', 'refund'))
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Captures and refunds: one per ledger transaction of the kind, keeping its key (capture:<booking>, refund:<booking>); the amount is what moved on the provider's balance.
INSERT INTO "payments" ("booking_id", "parent_id", "kind", "amount", "currency", "provider", "provider_payment_id", "idempotency_key", "ledger_key", "status", "created_at", "updated_at")
SELECT t."booking_id", t."booking_id", t."kind",
  abs(coalesce((SELECT sum(e."amount") FROM "ledger_entries" e WHERE e."transaction_id" = t."id" AND e."account" = 'provider_balance'), 0)),
  'ils', 'stripe', b."stripe_payment_intent_id", t."kind" || '-' || t."booking_id", t."key", 'succeeded', t."created_at", t."created_at"
FROM "ledger_transactions" t
JOIN "bookings" b ON b."id" = t."booking_id"
WHERE t."kind" IN ('capture', 'refund')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Payouts: the payouts row's id, its host and amount, and its ledger key (payout:<id>).
INSERT INTO "payments" ("id", "host_id", "kind", "amount", "currency", "provider", "ledger_key", "status", "created_at", "updated_at")
SELECT p."id", p."host_id", 'payout', p."amount", 'ils', 'bank_transfer', 'payout:' || p."id", 'succeeded', p."created_at", p."created_at"
FROM "payouts" p
ON CONFLICT DO NOTHING;
