-- expand: listings get coordinates (the host's pin) and a secret offset from it; the public area point
-- is the pin moved by that offset (generated), which the map shows and "Search this area" filters on
-- (docs/decisions/019-map-search.md). The previous release ignores the new columns.
--
-- The volatile defaults give every existing row its own offset as the columns are added.
ALTER TABLE "properties" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "area_bearing" real DEFAULT (random() * 2 * pi())::real NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "area_distance" smallint DEFAULT (150 + floor(random() * 301))::smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "area_latitude" double precision GENERATED ALWAYS AS (latitude + area_distance * cos(area_bearing) / 111320.0) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "area_longitude" double precision GENERATED ALWAYS AS (longitude + area_distance * sin(area_bearing) / (111320.0 * cos(radians(latitude)))) STORED;--> statement-breakpoint
-- Existing listings had no pin: spread them inside their place, around its centre in the gazetteer
-- (a disc of 600 m for a neighbourhood, 1.5 km for a city; sqrt keeps the spread even over the disc).
-- Hosts move their pin from the listing's edit page.
UPDATE "properties" AS p SET
  "latitude" = spread.lat + spread.metres * cos(spread.bearing) / 111320.0,
  "longitude" = spread.lng + spread.metres * sin(spread.bearing) / (111320.0 * cos(radians(spread.lat)))
FROM (
  SELECT q."id", pl."latitude" AS lat, pl."longitude" AS lng,
    sqrt(random()) * CASE WHEN pl."kind" = 'neighbourhood' THEN 600 ELSE 1500 END AS metres,
    random() * 2 * pi() AS bearing
  FROM "properties" AS q JOIN "places" AS pl ON pl."id" = q."place_id"
  WHERE q."latitude" IS NULL
) AS spread
WHERE spread."id" = p."id";--> statement-breakpoint
CREATE INDEX "properties_search_area_idx" ON "properties" USING gist (point("area_longitude", "area_latitude")) WHERE status = 'approved';--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_coordinates" CHECK (("properties"."latitude" is null) = ("properties"."longitude" is null) and ("properties"."latitude" is null or ("properties"."latitude" between -90 and 90 and "properties"."longitude" between -180 and 180)));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_area_distance_range" CHECK ("properties"."area_distance" between 150 and 450);