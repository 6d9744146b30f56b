-- A refund split over a stay's card charges (issue 37, decision 061): a long stay paid by card has a
-- PaymentIntent per month, and Stripe gives back at most what one took. A refund is now one payments
-- row of kind 'refund' per part, each from one charge (parent_id: the capture, period or charge row
-- it gives back from), all with the refund's own key in refund_key, in the order they are sent
-- (sequence). A refund has at most one part per charge; the unique index also finds a refund's parts.
ALTER TABLE "payments" ADD COLUMN "refund_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_refund_part_per_charge" ON "payments" USING btree ("refund_key","parent_id") WHERE "payments"."kind" = 'refund' and "payments"."refund_key" is not null;
