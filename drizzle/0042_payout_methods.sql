CREATE TABLE "payout_methods" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"branch" text NOT NULL,
	"account_number" text NOT NULL,
	"account_holder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_bank_code" CHECK ("payout_methods"."bank_code" ~ '^[0-9]{2}$'),
	CONSTRAINT "payout_methods_branch" CHECK ("payout_methods"."branch" ~ '^[0-9]{3}$'),
	CONSTRAINT "payout_methods_account_number" CHECK ("payout_methods"."account_number" ~ '^[0-9]{4,9}$')
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
