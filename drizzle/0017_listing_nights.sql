CREATE TABLE "listing_nights" (
	"property_id" integer NOT NULL,
	"night" date NOT NULL,
	"rooms_held" integer DEFAULT 0 NOT NULL,
	"blocks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_nights_property_id_night_pk" PRIMARY KEY("property_id","night")
);
--> statement-breakpoint
ALTER TABLE "listing_nights" ADD CONSTRAINT "listing_nights_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;