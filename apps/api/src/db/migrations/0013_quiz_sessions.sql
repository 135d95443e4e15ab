CREATE TABLE "quiz_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"saved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "quiz_sessions" ADD CONSTRAINT "quiz_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_sessions_user_started_idx" ON "quiz_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
-- Sessions the browser used to invent become server sessions, so every recorded answer keeps its session.
INSERT INTO "quiz_sessions" ("id", "user_id", "kind", "started_at", "saved_at")
SELECT a."quiz_session_id", min(a."user_id"::text)::uuid, 'quick', min(a."answered_at"),
  (SELECT max(e."created_at") FROM "quiz_evaluations" e WHERE e."quiz_session_id" = a."quiz_session_id")
FROM "answers" a WHERE a."quiz_session_id" IS NOT NULL GROUP BY a."quiz_session_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_quiz_session_id_quiz_sessions_id_fk" FOREIGN KEY ("quiz_session_id") REFERENCES "quiz_sessions"("id") ON DELETE no action ON UPDATE no action;