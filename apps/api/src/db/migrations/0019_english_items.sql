ALTER TABLE "clinical_cases" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "include_english" boolean DEFAULT true NOT NULL;