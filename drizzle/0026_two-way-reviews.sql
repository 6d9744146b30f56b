CREATE TABLE "guest_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"guest_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visible_at" timestamp with time zone NOT NULL,
	"announced_at" timestamp with time zone,
	CONSTRAINT "guest_reviews_rating_range" CHECK ("guest_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "host_figures" ADD COLUMN "requests_asked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "host_figures" ADD COLUMN "requests_answered_in_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "host_figures" ADD COLUMN "response_minutes" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "cleanliness" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "accuracy" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "communication" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "location" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "value" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "visible_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "announced_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_body" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_reviews" ADD CONSTRAINT "guest_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_reviews_booking_unique" ON "guest_reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "guest_reviews_guest_idx" ON "guest_reviews" USING btree ("guest_id","visible_at");--> statement-breakpoint
CREATE INDEX "guest_reviews_unannounced_idx" ON "guest_reviews" USING btree ("visible_at") WHERE "guest_reviews"."announced_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_unannounced_idx" ON "reviews" USING btree ("visible_at") WHERE "reviews"."announced_at" is null;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_categories_range" CHECK (coalesce("reviews"."cleanliness", 1) between 1 and 5 and coalesce("reviews"."accuracy", 1) between 1 and 5
        and coalesce("reviews"."communication", 1) between 1 and 5 and coalesce("reviews"."location", 1) between 1 and 5
        and coalesce("reviews"."value", 1) between 1 and 5);--> statement-breakpoint
-- Reviews written before two-way reviews were public when written, and nothing is left to announce.
UPDATE "reviews" SET "visible_at" = "created_at", "announced_at" = "created_at";--> statement-breakpoint
-- The response figures are new: every stored row is due for a recompute on its next read
-- (server/db/host-figures.ts figuresCurrent), which fills them from the hosts' requests and messages.
UPDATE "host_figures" SET "recompute_at" = now();
