ALTER TABLE "users" ADD COLUMN "free_hours_started_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that signed up before this change: their hours ran from signup, as they were told.
UPDATE "users" SET "free_hours_started_at" = "membership_start" WHERE "subscription_type" = 'free';
