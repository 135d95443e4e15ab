ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fallback_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Sessions of accounts whose address was never proved were opened with data anyone could have typed at
-- signup: they end now (decision 010). Birth dates and phones of existing accounts start unconfirmed.
UPDATE "sessions" SET "revoked_at" = now() WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "verified_at" IS NULL);
