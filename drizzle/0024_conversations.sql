ALTER TYPE "public"."report_target" ADD VALUE 'conversation';--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_messages" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "instant_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_property_guest_unique" ON "conversations" USING btree ("property_id","guest_id");--> statement-breakpoint
CREATE INDEX "conversations_guest_idx" ON "conversations" USING btree ("guest_id","last_message_at");--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_messages_conversation_idx" ON "booking_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_messages_conversation_unread_idx" ON "booking_messages" USING btree ("conversation_id","sender_id") WHERE "booking_messages"."read_at" is null;--> statement-breakpoint
-- Hotels booked at once before instant booking was a host's setting: they keep it.
UPDATE "properties" SET "instant_booking" = true WHERE "property_type" = 'hotel';--> statement-breakpoint
-- Every guest and listing with a booking gets their conversation, and the bookings' messages move into it.
INSERT INTO "conversations" ("property_id", "guest_id", "created_at", "last_message_at")
SELECT b."property_id", b."guest_id", min(b."created_at"), max(m."created_at")
FROM "bookings" b LEFT JOIN "booking_messages" m ON m."booking_id" = b."id"
GROUP BY b."property_id", b."guest_id"
ON CONFLICT ("property_id", "guest_id") DO NOTHING;--> statement-breakpoint
UPDATE "booking_messages" m SET "conversation_id" = c."id"
FROM "bookings" b JOIN "conversations" c ON c."property_id" = b."property_id" AND c."guest_id" = b."guest_id"
WHERE m."booking_id" = b."id" AND m."conversation_id" IS NULL;--> statement-breakpoint
-- A message always lands in its conversation, and the conversation knows its latest message. A
-- message written with only a booking (the previous release, during a rolling deploy) finds or
-- opens the conversation of that booking's guest and listing.
CREATE OR REPLACE FUNCTION "booking_messages_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."conversation_id" IS NULL AND NEW."booking_id" IS NOT NULL THEN
    INSERT INTO "conversations" ("property_id", "guest_id")
      SELECT "property_id", "guest_id" FROM "bookings" WHERE "id" = NEW."booking_id"
      ON CONFLICT ("property_id", "guest_id") DO NOTHING;
    SELECT c."id" INTO NEW."conversation_id"
      FROM "bookings" b JOIN "conversations" c ON c."property_id" = b."property_id" AND c."guest_id" = b."guest_id"
      WHERE b."id" = NEW."booking_id";
  END IF;
  UPDATE "conversations" SET "last_message_at" = NEW."created_at"
    WHERE "id" = NEW."conversation_id" AND ("last_message_at" IS NULL OR "last_message_at" < NEW."created_at");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "booking_messages_conversation" BEFORE INSERT ON "booking_messages"
  FOR EACH ROW EXECUTE FUNCTION "booking_messages_conversation"();
