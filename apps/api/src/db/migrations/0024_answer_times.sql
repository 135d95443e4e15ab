ALTER TABLE "answers" ADD COLUMN "time_ms" integer;--> statement-breakpoint
ALTER TABLE "quiz_evaluations" ADD COLUMN "total_time_ms" integer;