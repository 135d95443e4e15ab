CREATE TABLE "content_aliases" (
	"alias_id" text PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"question_id" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "clinical_cases" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hold_reason" text;