ALTER TABLE "clinical_cases" ADD COLUMN "gpc_checked_against" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "gpc_checked_against" text;