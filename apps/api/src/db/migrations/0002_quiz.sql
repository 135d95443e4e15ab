CREATE TABLE "answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"clinical_case_id" text,
	"quiz_session_id" uuid,
	"selected_index" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"especialidad" text NOT NULL,
	"sub_especialidad" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"case_text" text NOT NULL,
	"especialidad" text NOT NULL,
	"sub_especialidad" text NOT NULL,
	"tema" text NOT NULL,
	"dificultad" text NOT NULL,
	"gpc_name" text,
	"gpc_code" text,
	"gpc_year" integer,
	"source_citation" text,
	"source_url" text,
	"random_key" real DEFAULT random() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"clinical_case_id" text,
	"position" smallint DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct_index" smallint NOT NULL,
	"explanation" text NOT NULL,
	"especialidad" text NOT NULL,
	"sub_especialidad" text NOT NULL,
	"tema" text NOT NULL,
	"dificultad" text NOT NULL,
	"gpc_name" text,
	"gpc_code" text,
	"gpc_year" integer,
	"source_citation" text,
	"source_url" text,
	"random_key" real DEFAULT random() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"quiz_session_id" uuid NOT NULL,
	"total_questions" integer NOT NULL,
	"total_correct" integer NOT NULL,
	"average_score" real NOT NULL,
	"speciality_evaluations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_clinical_case_id_clinical_cases_id_fk" FOREIGN KEY ("clinical_case_id") REFERENCES "clinical_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_evaluations" ADD CONSTRAINT "quiz_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answers_user_time_idx" ON "answers" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "answers_user_case_idx" ON "answers" USING btree ("user_id","clinical_case_id");--> statement-breakpoint
CREATE INDEX "answers_user_question_idx" ON "answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "answers_session_question_key" ON "answers" USING btree ("user_id","quiz_session_id","question_id") WHERE "answers"."quiz_session_id" is not null;--> statement-breakpoint
CREATE INDEX "clinical_cases_random_idx" ON "clinical_cases" USING btree ("random_key");--> statement-breakpoint
CREATE INDEX "clinical_cases_sub_random_idx" ON "clinical_cases" USING btree ("sub_especialidad","random_key");--> statement-breakpoint
CREATE INDEX "clinical_cases_area_random_idx" ON "clinical_cases" USING btree ("especialidad","random_key");--> statement-breakpoint
CREATE INDEX "questions_case_idx" ON "questions" USING btree ("clinical_case_id","position");--> statement-breakpoint
CREATE INDEX "questions_single_random_idx" ON "questions" USING btree ("random_key") WHERE "questions"."clinical_case_id" is null;--> statement-breakpoint
CREATE INDEX "quiz_evaluations_user_created_idx" ON "quiz_evaluations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_evaluations_user_session_key" ON "quiz_evaluations" USING btree ("user_id","quiz_session_id");