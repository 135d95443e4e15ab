DROP INDEX "landing_visits_origin_visitor_key";--> statement-breakpoint
ALTER TABLE "landing_visits" ADD COLUMN "visit_day" date;--> statement-breakpoint
-- Existing visits keep the Mexico City day they were first seen.
UPDATE "landing_visits" SET "visit_day" = ("created_at" AT TIME ZONE 'America/Mexico_City')::date;--> statement-breakpoint
ALTER TABLE "landing_visits" ALTER COLUMN "visit_day" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "landing_visits_origin_visitor_day_key" ON "landing_visits" USING btree ("origin_path","visitor_hash","visit_day");
