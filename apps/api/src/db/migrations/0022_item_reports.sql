CREATE TABLE "item_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "item_reports" ADD CONSTRAINT "item_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reports" ADD CONSTRAINT "item_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_reports_open_idx" ON "item_reports" USING btree ("item_kind","item_id") WHERE "item_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "item_reports_user_created_idx" ON "item_reports" USING btree ("user_id","created_at");