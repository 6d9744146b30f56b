CREATE TABLE "host_figures" (
	"host_id" uuid PRIMARY KEY NOT NULL,
	"rating_average" double precision,
	"review_count" integer DEFAULT 0 NOT NULL,
	"completed_stays" integer DEFAULT 0 NOT NULL,
	"answered_requests" integer DEFAULT 0 NOT NULL,
	"expired_requests" integer DEFAULT 0 NOT NULL,
	"host_cancellations" integer DEFAULT 0 NOT NULL,
	"recompute_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "host_figures" ADD CONSTRAINT "host_figures_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill: every host with a listing gets the figures refreshHostFigures (server/db/host-figures.ts)
-- computes, over the same super-host window of 365 days back from now; from here on every review
-- and booking change keeps them. A row is recomputed when read after recompute_at, or when missing.
INSERT INTO "host_figures" ("host_id", "rating_average", "review_count", "completed_stays", "answered_requests", "expired_requests", "host_cancellations", "recompute_at", "updated_at")
SELECT h.host_id, r.rating_average, r.review_count, b.completed_stays, b.answered_requests, b.expired_requests, b.host_cancellations,
  least(b.first_request_in_window, b.first_cancellation_in_window) + interval '31536000 seconds', now()
FROM (SELECT DISTINCT host_id FROM properties) h
CROSS JOIN LATERAL (
  SELECT avg(rv.rating)::float8 AS rating_average, count(*)::int AS review_count
  FROM reviews rv JOIN properties p ON p.id = rv.property_id
  WHERE p.host_id = h.host_id
) r
CROSS JOIN LATERAL (
  SELECT
    count(*) FILTER (WHERE bk.status = 'completed')::int AS completed_stays,
    count(*) FILTER (WHERE bk.decided_at IS NOT NULL AND bk.cancelled_by IS DISTINCT FROM bk.guest_id
      AND bk.created_at >= now() - interval '31536000 seconds')::int AS answered_requests,
    count(*) FILTER (WHERE bk.status = 'expired' AND bk.created_at >= now() - interval '31536000 seconds')::int AS expired_requests,
    count(*) FILTER (WHERE bk.status = 'cancelled' AND bk.cancelled_by = h.host_id
      AND bk.updated_at >= now() - interval '31536000 seconds')::int AS host_cancellations,
    min(bk.created_at) FILTER (WHERE ((bk.decided_at IS NOT NULL AND bk.cancelled_by IS DISTINCT FROM bk.guest_id)
      OR bk.status = 'expired') AND bk.created_at >= now() - interval '31536000 seconds') AS first_request_in_window,
    min(bk.updated_at) FILTER (WHERE bk.status = 'cancelled' AND bk.cancelled_by = h.host_id
      AND bk.updated_at >= now() - interval '31536000 seconds') AS first_cancellation_in_window
  FROM bookings bk JOIN properties p ON p.id = bk.property_id
  WHERE p.host_id = h.host_id
) b
ON CONFLICT ("host_id") DO NOTHING;
