CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"short_id" text NOT NULL,
	"name" text NOT NULL,
	"owner_email" text NOT NULL,
	"commission_rate" real DEFAULT 0.15 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_short_id_key" ON "affiliates" USING btree ("short_id");