ALTER TABLE "clinical_cases" ADD COLUMN "gpc_checked_at" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "gpc_checked_at" text;