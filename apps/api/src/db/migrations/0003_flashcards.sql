CREATE TABLE "clinic_guides" (
	"id" text PRIMARY KEY NOT NULL,
	"guide_name" text NOT NULL,
	"category" text NOT NULL,
	"year_of_update" integer NOT NULL,
	"gpc_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flashcard_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"flashcard_id" text NOT NULL,
	"guide_id" text NOT NULL,
	"correct" boolean NOT NULL,
	"time_taken_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flashcard_states" (
	"user_id" uuid NOT NULL,
	"flashcard_id" text NOT NULL,
	"guide_id" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"state" smallint NOT NULL,
	"card" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flashcard_states_user_id_flashcard_id_pk" PRIMARY KEY("user_id","flashcard_id")
);
--> statement-breakpoint
CREATE TABLE "flashcards" (
	"id" text PRIMARY KEY NOT NULL,
	"guide_id" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"explanation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flashcard_evaluations" ADD CONSTRAINT "flashcard_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_evaluations" ADD CONSTRAINT "flashcard_evaluations_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_states" ADD CONSTRAINT "flashcard_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcard_states" ADD CONSTRAINT "flashcard_states_flashcard_id_flashcards_id_fk" FOREIGN KEY ("flashcard_id") REFERENCES "flashcards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashcards" ADD CONSTRAINT "flashcards_guide_id_clinic_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "clinic_guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flashcard_evaluations_user_guide_idx" ON "flashcard_evaluations" USING btree ("user_id","guide_id","created_at");--> statement-breakpoint
CREATE INDEX "flashcard_evaluations_user_created_idx" ON "flashcard_evaluations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "flashcard_states_user_due_idx" ON "flashcard_states" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "flashcard_states_user_guide_idx" ON "flashcard_states" USING btree ("user_id","guide_id");--> statement-breakpoint
CREATE INDEX "flashcards_guide_idx" ON "flashcards" USING btree ("guide_id","position");