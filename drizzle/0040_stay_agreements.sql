CREATE TABLE "stay_agreement_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"language" "language" NOT NULL,
	"sha256" text NOT NULL,
	"ip" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_agreement_acceptances_role" CHECK ("stay_agreement_acceptances"."role" in ('guest', 'host'))
);
--> statement-breakpoint
CREATE TABLE "stay_agreement_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"facts_key" text NOT NULL,
	"text_en" text NOT NULL,
	"text_he" text NOT NULL,
	"sha256_en" text NOT NULL,
	"sha256_he" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stay_agreement_acceptances" ADD CONSTRAINT "stay_agreement_acceptances_version_id_stay_agreement_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."stay_agreement_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_agreement_acceptances" ADD CONSTRAINT "stay_agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_agreement_versions" ADD CONSTRAINT "stay_agreement_versions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_agreement_acceptances_version_role_unique" ON "stay_agreement_acceptances" USING btree ("version_id","role");--> statement-breakpoint
CREATE INDEX "stay_agreement_acceptances_user_idx" ON "stay_agreement_acceptances" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stay_agreement_versions_booking_version_unique" ON "stay_agreement_versions" USING btree ("booking_id","version");