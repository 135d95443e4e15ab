CREATE TABLE "simulacro_attempts" (
	"quiz_session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"form_id" text NOT NULL,
	"include_english" boolean NOT NULL,
	"parts" smallint NOT NULL,
	"part" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'en-curso' NOT NULL,
	"part_started_at" timestamp with time zone NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"used_ms" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"correct" integer,
	"total" integer,
	"score" real,
	"ranked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulacro_forms" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"question_ids" jsonb NOT NULL,
	"spanish_question_ids" jsonb NOT NULL,
	"unit_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "simulacro_attempts" ADD CONSTRAINT "simulacro_attempts_quiz_session_id_quiz_sessions_id_fk" FOREIGN KEY ("quiz_session_id") REFERENCES "quiz_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulacro_attempts" ADD CONSTRAINT "simulacro_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulacro_attempts" ADD CONSTRAINT "simulacro_attempts_form_id_simulacro_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "simulacro_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulacro_attempts_user_idx" ON "simulacro_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "simulacro_attempts_open_key" ON "simulacro_attempts" USING btree ("user_id","form_id") WHERE "simulacro_attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "simulacro_attempts_rank_idx" ON "simulacro_attempts" USING btree ("form_id","include_english","score") WHERE "simulacro_attempts"."ranked";--> statement-breakpoint
CREATE UNIQUE INDEX "simulacro_forms_kind_number_key" ON "simulacro_forms" USING btree ("kind","number");