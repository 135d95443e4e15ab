CREATE TABLE "discount_quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_key" text NOT NULL,
	"user_id" uuid,
	"question_id" text NOT NULL,
	"difficulty" text NOT NULL,
	"answer_index_selected" smallint NOT NULL,
	"was_correct" boolean NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_quiz_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct_index" smallint NOT NULL,
	"explanation" text NOT NULL,
	"especialidad" text NOT NULL,
	"tema" text NOT NULL,
	"dificultad" text NOT NULL,
	"random_key" real DEFAULT random() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_key" text NOT NULL,
	"user_id" uuid,
	"attempt_id" uuid NOT NULL,
	"percent" smallint NOT NULL,
	"user_accepted" boolean,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_discount_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"discount_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_quiz_attempts" ADD CONSTRAINT "discount_quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_attempt_id_discount_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "discount_quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_discount_claims" ADD CONSTRAINT "public_discount_claims_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_quiz_attempts_participant_idx" ON "discount_quiz_attempts" USING btree ("participant_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_quiz_attempts_participant_day_key" ON "discount_quiz_attempts" USING btree ("participant_key","day");--> statement-breakpoint
CREATE INDEX "discount_quiz_questions_random_idx" ON "discount_quiz_questions" USING btree ("random_key");--> statement-breakpoint
CREATE INDEX "discounts_participant_idx" ON "discounts" USING btree ("participant_key","created_at");--> statement-breakpoint
CREATE INDEX "discounts_user_idx" ON "discounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_discount_claims_email_key" ON "public_discount_claims" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "public_discount_claims_discount_key" ON "public_discount_claims" USING btree ("discount_id");