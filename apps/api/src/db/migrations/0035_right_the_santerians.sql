ALTER TABLE "login_failures" ADD COLUMN "network_hash" text;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "network_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "not_me_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_device_key" text;