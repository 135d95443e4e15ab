CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"phone_number" text NOT NULL,
	"speciality" text,
	"subscription_type" text DEFAULT 'free' NOT NULL,
	"membership_mode" text DEFAULT 'individual' NOT NULL,
	"membership_start" timestamp with time zone DEFAULT now() NOT NULL,
	"membership_end" timestamp with time zone,
	"affiliate_short_id" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cta_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"button_clicked" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin_path" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"ip_masked" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"referer" text,
	"affiliate_short_id" text,
	"times_visited" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_affiliate_idx" ON "users" USING btree ("affiliate_short_id") WHERE "users"."affiliate_short_id" is not null;--> statement-breakpoint
CREATE INDEX "cta_clicks_created_at_idx" ON "cta_clicks" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "landing_visits_origin_visitor_key" ON "landing_visits" USING btree ("origin_path","visitor_hash");--> statement-breakpoint
CREATE INDEX "landing_visits_created_at_idx" ON "landing_visits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "landing_visits_affiliate_idx" ON "landing_visits" USING btree ("affiliate_short_id","created_at");