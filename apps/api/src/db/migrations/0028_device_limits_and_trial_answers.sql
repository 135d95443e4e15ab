CREATE TABLE "trial_answers" (
	"session_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"clinical_case_id" text,
	"selected_index" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"especialidad" text NOT NULL,
	"sub_especialidad" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"time_ms" integer,
	CONSTRAINT "trial_answers_session_id_question_id_pk" PRIMARY KEY("session_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "discount_quiz_attempts" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "trial_answers" ADD CONSTRAINT "trial_answers_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_answers" ADD CONSTRAINT "trial_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_trial_device_idx" ON "sessions" USING btree ("device_key","created_at");--> statement-breakpoint
CREATE INDEX "discount_quiz_attempts_network_idx" ON "discount_quiz_attempts" USING btree ("ip_hash","day");