-- Two notice kinds for an accepted change's unpaid difference (decision 062, decision 063): the guest's
-- reminder before the deadline, and the lapse, told to both sides.
-- contract: the kind check is dropped only to be added again, wider, in this migration; the previous
-- release writes only kinds the new check allows, so nothing it does is refused meanwhile.
ALTER TABLE "notices" DROP CONSTRAINT "notices_kind";--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind" CHECK ("notices"."kind" in ('period_failed', 'period_action_required', 'period_grace_over', 'stay_ended_unpaid', 'move_in_reported', 'move_in_decided', 'stay_change_proposed', 'stay_change_accepted', 'stay_change_declined', 'stay_change_expired', 'stay_change_unpaid', 'stay_change_lapsed', 'booking_requested', 'booking_booked', 'booking_confirmed', 'booking_declined', 'booking_expired', 'booking_cancelled'));