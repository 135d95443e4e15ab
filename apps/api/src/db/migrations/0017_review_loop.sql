ALTER TABLE "flashcard_evaluations" ADD COLUMN "undo" jsonb;--> statement-breakpoint
ALTER TABLE "flashcard_states" ADD COLUMN "introduced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "new_cards_per_day" integer DEFAULT 20 NOT NULL;