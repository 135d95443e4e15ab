CREATE TABLE "discount_quiz_served" (
	"participant_key" text PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"served_at" timestamp with time zone DEFAULT now() NOT NULL
);
