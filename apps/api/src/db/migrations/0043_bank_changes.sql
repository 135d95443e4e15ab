CREATE TABLE "bank_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"before" text,
	"after" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_changes_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bank_changes_at_idx" ON "bank_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "bank_changes_item_idx" ON "bank_changes" USING btree ("item_kind","item_id","at");