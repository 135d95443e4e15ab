ALTER TABLE "users" ALTER COLUMN "preferred_bank" SET DEFAULT 'galeno';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "include_unexplained_mir" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mir_notice_seen_at" timestamp with time zone;--> statement-breakpoint
-- Every mode now starts on our own bank (issue 37). The old default was 'ambos', so a stored 'ambos' cannot be told
-- apart from a choice: it moves to our bank. A stored 'galeno' or 'mir' was chosen by the student and stays.
UPDATE "users" SET "preferred_bank" = 'galeno' WHERE "preferred_bank" = 'ambos';
