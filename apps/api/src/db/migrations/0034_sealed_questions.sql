CREATE TABLE "sealed_questions" (
	"user_id" uuid NOT NULL,
	"quiz_session_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"clinical_case_id" text,
	CONSTRAINT "sealed_questions_user_id_question_id_quiz_session_id_pk" PRIMARY KEY("user_id","question_id","quiz_session_id")
);
--> statement-breakpoint
ALTER TABLE "simulacro_attempts" ADD COLUMN "answered" integer;--> statement-breakpoint
ALTER TABLE "sealed_questions" ADD CONSTRAINT "sealed_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_questions" ADD CONSTRAINT "sealed_questions_quiz_session_id_quiz_sessions_id_fk" FOREIGN KEY ("quiz_session_id") REFERENCES "quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sealed_questions_user_case_idx" ON "sealed_questions" USING btree ("user_id","clinical_case_id") WHERE "sealed_questions"."clinical_case_id" is not null;--> statement-breakpoint
CREATE INDEX "sealed_questions_session_idx" ON "sealed_questions" USING btree ("quiz_session_id");--> statement-breakpoint
-- Issue 34 (F1): a sitting's questions are sealed until its session is saved or finished, whichever path closes it
-- (a simulacro graded, an exam finished or left): this trigger is the one place that unseals them.
CREATE FUNCTION "unseal_closed_sitting"() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
	DELETE FROM "sealed_questions" WHERE "quiz_session_id" = NEW."id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "quiz_sessions_unseal" AFTER UPDATE OF "saved_at", "finished_at" ON "quiz_sessions"
	FOR EACH ROW WHEN (NEW."saved_at" IS NOT NULL OR NEW."finished_at" IS NOT NULL)
	EXECUTE FUNCTION "unseal_closed_sitting"();
--> statement-breakpoint
-- Sittings open when this runs are sealed as if they had started now.
INSERT INTO "sealed_questions" ("user_id", "quiz_session_id", "question_id", "clinical_case_id")
SELECT "s"."user_id", "s"."id", "q"."id", "q"."clinical_case_id"
FROM "quiz_sessions" "s"
CROSS JOIN LATERAL jsonb_array_elements_text(
	CASE WHEN jsonb_typeof("s"."configuration" -> 'questionIds') = 'array' THEN "s"."configuration" -> 'questionIds' ELSE '[]'::jsonb END
) AS "listed"("question_id")
JOIN "questions" "q" ON "q"."id" = "listed"."question_id"
WHERE "s"."user_id" IS NOT NULL AND "s"."saved_at" IS NULL AND "s"."finished_at" IS NULL
	AND ("s"."kind" = 'simulacro' OR ("s"."kind" = 'exam' AND "s"."configuration" ->> 'mode' = 'examen'))
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- F8: finished sittings keep how many questions they answered.
UPDATE "simulacro_attempts" SET "answered" = (
	SELECT count(*)::int FROM "answers"
	WHERE "answers"."user_id" = "simulacro_attempts"."user_id" AND "answers"."quiz_session_id" = "simulacro_attempts"."quiz_session_id"
) WHERE "finished_at" IS NOT NULL;
