-- An accepted change of a card stay paid at once that costs more (decision 062): the stay as it was
-- (previous), the moment its difference must be paid by or the change lapses (pay_by), when the guest
-- is reminded (remind_at) and was (reminded_at); and the status 'lapsed'.
-- contract: nothing is narrowed. The status check is dropped only to be added again, in the same
-- transaction, with one more allowed value ('lapsed'); the release before this one never writes it.
ALTER TABLE "stay_changes" ADD COLUMN "previous" jsonb;--> statement-breakpoint
ALTER TABLE "stay_changes" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_changes" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_changes" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_changes" DROP CONSTRAINT "stay_changes_status";--> statement-breakpoint
ALTER TABLE "stay_changes" ADD CONSTRAINT "stay_changes_status" CHECK ("stay_changes"."status" in ('proposed', 'accepted', 'declined', 'expired', 'withdrawn', 'lapsed'));--> statement-breakpoint
CREATE INDEX "stay_changes_unpaid_idx" ON "stay_changes" USING btree ("pay_by") WHERE "stay_changes"."status" = 'accepted' and "stay_changes"."pay_by" is not null;
