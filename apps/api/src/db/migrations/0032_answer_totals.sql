CREATE TABLE "answer_day_totals" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"bank" text NOT NULL,
	"especialidad" text NOT NULL,
	"sub_especialidad" text NOT NULL,
	"answered" integer NOT NULL,
	"correct" integer NOT NULL,
	CONSTRAINT "answer_day_totals_user_id_day_bank_especialidad_sub_especialidad_pk" PRIMARY KEY("user_id","day","bank","especialidad","sub_especialidad")
);
--> statement-breakpoint
CREATE TABLE "answer_session_totals" (
	"user_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"quiz_session_id" uuid NOT NULL,
	"answered" integer NOT NULL,
	CONSTRAINT "answer_session_totals_user_id_bank_quiz_session_id_pk" PRIMARY KEY("user_id","bank","quiz_session_id")
);
--> statement-breakpoint
CREATE TABLE "answer_topic_totals" (
	"user_id" uuid NOT NULL,
	"bank" text NOT NULL,
	"especialidad" text NOT NULL,
	"sub_especialidad" text NOT NULL,
	"tema" text NOT NULL,
	"answered" integer NOT NULL,
	"correct" integer NOT NULL,
	"time_ms" bigint NOT NULL,
	"timed" integer NOT NULL,
	CONSTRAINT "answer_topic_totals_user_id_bank_especialidad_sub_especialidad_tema_pk" PRIMARY KEY("user_id","bank","especialidad","sub_especialidad","tema")
);
--> statement-breakpoint
ALTER TABLE "answer_day_totals" ADD CONSTRAINT "answer_day_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_session_totals" ADD CONSTRAINT "answer_session_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_topic_totals" ADD CONSTRAINT "answer_topic_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The totals are kept by triggers (issue 22; schema/stats.ts says why). An answer counts when it was given outside
-- any session, or in a saved session of its own student (stats/saved-only.ts); its topic and bank are its
-- question's, its day the calendar day in Mexico City.
CREATE TYPE "answer_total_delta" AS (
	"user_id" uuid,
	"quiz_session_id" uuid,
	"bank" text,
	"especialidad" text,
	"sub_especialidad" text,
	"tema" text,
	"day" date,
	"correct" boolean,
	"time_ms" integer,
	"sign" integer
);
--> statement-breakpoint
-- Adds (sign 1) or takes out (sign -1) counted answers. Totals that go up are inserted or added to; totals that go
-- down are only ever updated (an account being deleted has no row to insert), and a total left at zero answers goes.
CREATE FUNCTION "apply_answer_total_deltas"("deltas" "answer_total_delta"[]) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
	IF deltas IS NULL OR cardinality(deltas) = 0 THEN
		RETURN;
	END IF;
	-- All time, per topic.
	WITH d AS (
		SELECT user_id, bank, especialidad, sub_especialidad, tema, sum(sign)::int AS answered,
			coalesce(sum(sign) FILTER (WHERE correct), 0)::int AS correct, coalesce(sum(sign * time_ms::bigint), 0)::bigint AS time_ms,
			coalesce(sum(sign) FILTER (WHERE time_ms IS NOT NULL), 0)::int AS timed
		FROM unnest(deltas) GROUP BY 1, 2, 3, 4, 5
	), up AS (
		INSERT INTO answer_topic_totals AS t (user_id, bank, especialidad, sub_especialidad, tema, answered, correct, time_ms, timed)
		SELECT * FROM d WHERE d.answered > 0 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (user_id, bank, especialidad, sub_especialidad, tema) DO UPDATE SET answered = t.answered + excluded.answered,
			correct = t.correct + excluded.correct, time_ms = t.time_ms + excluded.time_ms, timed = t.timed + excluded.timed
	)
	UPDATE answer_topic_totals AS t SET answered = t.answered + d.answered, correct = t.correct + d.correct,
		time_ms = t.time_ms + d.time_ms, timed = t.timed + d.timed
	FROM d WHERE d.answered <= 0 AND t.user_id = d.user_id AND t.bank = d.bank AND t.especialidad = d.especialidad
		AND t.sub_especialidad = d.sub_especialidad AND t.tema = d.tema;
	-- Per day.
	WITH d AS (
		SELECT user_id, day, bank, especialidad, sub_especialidad, sum(sign)::int AS answered,
			coalesce(sum(sign) FILTER (WHERE correct), 0)::int AS correct
		FROM unnest(deltas) GROUP BY 1, 2, 3, 4, 5
	), up AS (
		INSERT INTO answer_day_totals AS t (user_id, day, bank, especialidad, sub_especialidad, answered, correct)
		SELECT * FROM d WHERE d.answered > 0 ORDER BY 1, 2, 3, 4, 5
		ON CONFLICT (user_id, day, bank, especialidad, sub_especialidad) DO UPDATE SET answered = t.answered + excluded.answered,
			correct = t.correct + excluded.correct
	)
	UPDATE answer_day_totals AS t SET answered = t.answered + d.answered, correct = t.correct + d.correct
	FROM d WHERE d.answered <= 0 AND t.user_id = d.user_id AND t.day = d.day AND t.bank = d.bank AND t.especialidad = d.especialidad
		AND t.sub_especialidad = d.sub_especialidad;
	-- Per saved session (answers outside a session belong to none).
	WITH d AS (
		SELECT user_id, bank, quiz_session_id, sum(sign)::int AS answered
		FROM unnest(deltas) WHERE quiz_session_id IS NOT NULL GROUP BY 1, 2, 3
	), up AS (
		INSERT INTO answer_session_totals AS t (user_id, bank, quiz_session_id, answered)
		SELECT * FROM d WHERE d.answered > 0 ORDER BY 1, 2, 3
		ON CONFLICT (user_id, bank, quiz_session_id) DO UPDATE SET answered = t.answered + excluded.answered
	)
	UPDATE answer_session_totals AS t SET answered = t.answered + d.answered
	FROM d WHERE d.answered < 0 AND t.user_id = d.user_id AND t.bank = d.bank AND t.quiz_session_id = d.quiz_session_id;
	-- Totals that no answer is left in.
	IF EXISTS (SELECT 1 FROM unnest(deltas) WHERE sign < 0) THEN
		DELETE FROM answer_topic_totals AS t USING (SELECT DISTINCT user_id FROM unnest(deltas) WHERE sign < 0) AS u
		WHERE t.user_id = u.user_id AND t.answered <= 0;
		DELETE FROM answer_day_totals AS t USING (SELECT DISTINCT user_id FROM unnest(deltas) WHERE sign < 0) AS u
		WHERE t.user_id = u.user_id AND t.answered <= 0;
		DELETE FROM answer_session_totals AS t USING (SELECT DISTINCT user_id FROM unnest(deltas) WHERE sign < 0) AS u
		WHERE t.user_id = u.user_id AND t.answered <= 0;
	END IF;
END
$$;
--> statement-breakpoint
-- The totals of these students (every student when null) computed again from their answers.
CREATE FUNCTION "rebuild_answer_totals"("student_ids" uuid[]) RETURNS void LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
	DELETE FROM answer_topic_totals WHERE student_ids IS NULL OR user_id = ANY(student_ids);
	DELETE FROM answer_day_totals WHERE student_ids IS NULL OR user_id = ANY(student_ids);
	DELETE FROM answer_session_totals WHERE student_ids IS NULL OR user_id = ANY(student_ids);
	CREATE TEMPORARY TABLE counted_answers ON COMMIT DROP AS
		SELECT a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date AS day, a.correct, a.time_ms
		FROM answers a JOIN questions q ON q.id = a.question_id
		WHERE (student_ids IS NULL OR a.user_id = ANY(student_ids))
			AND (a.quiz_session_id IS NULL OR EXISTS (
				SELECT 1 FROM quiz_sessions s WHERE s.id = a.quiz_session_id AND s.user_id = a.user_id AND s.saved_at IS NOT NULL));
	INSERT INTO answer_topic_totals (user_id, bank, especialidad, sub_especialidad, tema, answered, correct, time_ms, timed)
	SELECT user_id, bank, especialidad, sub_especialidad, tema, count(*), count(*) FILTER (WHERE correct), coalesce(sum(time_ms), 0),
		count(time_ms)
	FROM counted_answers GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO answer_day_totals (user_id, day, bank, especialidad, sub_especialidad, answered, correct)
	SELECT user_id, day, bank, especialidad, sub_especialidad, count(*), count(*) FILTER (WHERE correct)
	FROM counted_answers GROUP BY 1, 2, 3, 4, 5;
	INSERT INTO answer_session_totals (user_id, bank, quiz_session_id, answered)
	SELECT user_id, bank, quiz_session_id, count(*) FROM counted_answers WHERE quiz_session_id IS NOT NULL GROUP BY 1, 2, 3;
	DROP TABLE counted_answers;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "answer_totals_answers_inserted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM apply_answer_total_deltas(ARRAY(
		SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, 1)::answer_total_delta
		FROM new_answers a JOIN questions q ON q.id = a.question_id
		WHERE a.quiz_session_id IS NULL OR EXISTS (
			SELECT 1 FROM quiz_sessions s WHERE s.id = a.quiz_session_id AND s.user_id = a.user_id AND s.saved_at IS NOT NULL)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "answer_totals_answers_updated"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM apply_answer_total_deltas(ARRAY(
		SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, a.sign)::answer_total_delta
		FROM (SELECT *, -1 AS sign FROM old_answers UNION ALL SELECT *, 1 AS sign FROM new_answers) a
		JOIN questions q ON q.id = a.question_id
		WHERE a.quiz_session_id IS NULL OR EXISTS (
			SELECT 1 FROM quiz_sessions s WHERE s.id = a.quiz_session_id AND s.user_id = a.user_id AND s.saved_at IS NOT NULL)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "answer_totals_answers_deleted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM apply_answer_total_deltas(ARRAY(
		SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, -1)::answer_total_delta
		FROM old_answers a JOIN questions q ON q.id = a.question_id
		WHERE a.quiz_session_id IS NULL OR EXISTS (
			SELECT 1 FROM quiz_sessions s WHERE s.id = a.quiz_session_id AND s.user_id = a.user_id AND s.saved_at IS NOT NULL)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session saved (or, never in practice, unsaved or given to another student) brings its answers in (or out).
CREATE FUNCTION "answer_totals_sessions_updated"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM apply_answer_total_deltas(ARRAY(
		SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, c.sign)::answer_total_delta
		FROM (
			SELECT o.user_id, o.id, -1 AS sign FROM old_sessions o JOIN new_sessions n ON n.id = o.id
			WHERE o.saved_at IS NOT NULL AND (n.saved_at IS NULL OR n.user_id IS DISTINCT FROM o.user_id)
			UNION ALL
			SELECT n.user_id, n.id, 1 AS sign FROM old_sessions o JOIN new_sessions n ON n.id = o.id
			WHERE n.saved_at IS NOT NULL AND (o.saved_at IS NULL OR n.user_id IS DISTINCT FROM o.user_id)
		) c
		JOIN answers a ON a.user_id = c.user_id AND a.quiz_session_id = c.id
		JOIN questions q ON q.id = a.question_id));
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A content edit that moves a question to another topic or bank moves its students' answers with it.
CREATE FUNCTION "answer_totals_questions_updated"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
	moved text[];
BEGIN
	moved := ARRAY(SELECT n.id FROM old_questions o JOIN new_questions n ON n.id = o.id
		WHERE o.tema IS DISTINCT FROM n.tema OR o.bank IS DISTINCT FROM n.bank);
	IF cardinality(moved) > 0 THEN
		PERFORM rebuild_answer_totals(ARRAY(SELECT DISTINCT user_id FROM answers WHERE question_id = ANY(moved)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "answer_totals_answers_inserted" AFTER INSERT ON "answers" REFERENCING NEW TABLE AS new_answers
	FOR EACH STATEMENT EXECUTE FUNCTION answer_totals_answers_inserted();
--> statement-breakpoint
CREATE TRIGGER "answer_totals_answers_updated" AFTER UPDATE ON "answers" REFERENCING OLD TABLE AS old_answers NEW TABLE AS new_answers
	FOR EACH STATEMENT EXECUTE FUNCTION answer_totals_answers_updated();
--> statement-breakpoint
CREATE TRIGGER "answer_totals_answers_deleted" AFTER DELETE ON "answers" REFERENCING OLD TABLE AS old_answers
	FOR EACH STATEMENT EXECUTE FUNCTION answer_totals_answers_deleted();
--> statement-breakpoint
CREATE TRIGGER "answer_totals_sessions_updated" AFTER UPDATE ON "quiz_sessions" REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions
	FOR EACH STATEMENT EXECUTE FUNCTION answer_totals_sessions_updated();
--> statement-breakpoint
CREATE TRIGGER "answer_totals_questions_updated" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_questions NEW TABLE AS new_questions
	FOR EACH STATEMENT EXECUTE FUNCTION answer_totals_questions_updated();
--> statement-breakpoint
-- The answers already recorded.
SELECT rebuild_answer_totals(NULL);
