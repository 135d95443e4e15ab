CREATE TABLE "content_loads" (
	"name" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flashcard_evaluations" DROP CONSTRAINT "flashcard_evaluations_flashcard_id_flashcards_id_fk";
--> statement-breakpoint
ALTER TABLE "flashcard_states" DROP CONSTRAINT "flashcard_states_flashcard_id_flashcards_id_fk";
--> statement-breakpoint
ALTER TABLE "answers" DROP CONSTRAINT "answers_question_id_questions_id_fk";
--> statement-breakpoint
DROP INDEX "clinical_cases_random_idx";--> statement-breakpoint
DROP INDEX "clinical_cases_sub_random_idx";--> statement-breakpoint
DROP INDEX "clinical_cases_area_random_idx";--> statement-breakpoint
DROP INDEX "questions_single_random_idx";--> statement-breakpoint
ALTER TABLE "discount_quiz_questions" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "clinic_guides" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "bank" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "flashcards" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "clinical_cases" ADD COLUMN "bank" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinical_cases" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinical_cases" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "clinical_cases" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "bank" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "flashcard_evaluations" ADD CONSTRAINT "flashcard_evaluations_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "flashcards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_states" ADD CONSTRAINT "flashcard_states_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "flashcards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_cases_random_idx" ON "clinical_cases" USING btree ("random_key") WHERE "clinical_cases"."status" = 'published';--> statement-breakpoint
CREATE INDEX "clinical_cases_sub_random_idx" ON "clinical_cases" USING btree ("sub_especialidad","random_key") WHERE "clinical_cases"."status" = 'published';--> statement-breakpoint
CREATE INDEX "clinical_cases_area_random_idx" ON "clinical_cases" USING btree ("especialidad","random_key") WHERE "clinical_cases"."status" = 'published';--> statement-breakpoint
CREATE INDEX "questions_single_random_idx" ON "questions" USING btree ("random_key") WHERE "questions"."clinical_case_id" is null and "questions"."status" = 'published';--> statement-breakpoint
-- Questions imported from HEAD-QA before banks existed belong to that bank, not to content/.
UPDATE "questions" SET "bank" = 'head-qa' WHERE "id" LIKE 'headqa-%';
