CREATE TABLE "figures" (
	"id" text PRIMARY KEY NOT NULL,
	"svg" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "figure" jsonb;