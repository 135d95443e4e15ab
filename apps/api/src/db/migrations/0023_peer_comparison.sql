CREATE TABLE "area_peer_snapshots" (
	"especialidad" text PRIMARY KEY NOT NULL,
	"accuracies" real[] NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_option_counts" (
	"question_id" text NOT NULL,
	"option_index" smallint NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_option_counts_question_id_option_index_pk" PRIMARY KEY("question_id","option_index")
);
--> statement-breakpoint
-- Counts from the answers already recorded: each student's first answer to each question.
INSERT INTO "question_option_counts" ("question_id", "option_index", "students")
SELECT "question_id", "selected_index", count(*)::int FROM (
  SELECT DISTINCT ON ("user_id", "question_id") "question_id", "selected_index" FROM "answers" ORDER BY "user_id", "question_id", "answered_at"
) AS "first_answers"
GROUP BY "question_id", "selected_index";
