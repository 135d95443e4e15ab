-- Issue 35 (N2): an answer counts in the statistics the moment it is graded, wherever it was given; only an answer of
-- a sitting still open (a simulacro, a custom exam in exam mode: its row in sealed_questions, migration 0034) waits
-- until the sitting is finished, which removes the row and brings the answer in. Before, an answer in a session
-- counted only once the session was saved (migration 0032).
CREATE OR REPLACE FUNCTION "rebuild_answer_totals"("student_ids" uuid[]) RETURNS void LANGUAGE plpgsql
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
			AND NOT EXISTS (SELECT 1 FROM sealed_questions s
				WHERE s.user_id = a.user_id AND s.quiz_session_id = a.quiz_session_id AND s.question_id = a.question_id);
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
CREATE OR REPLACE FUNCTION "answer_totals_answers_inserted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM apply_answer_total_deltas(ARRAY(
		SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, 1)::answer_total_delta
		FROM new_answers a JOIN questions q ON q.id = a.question_id
		WHERE NOT EXISTS (SELECT 1 FROM sealed_questions s
			WHERE s.user_id = a.user_id AND s.quiz_session_id = a.quiz_session_id AND s.question_id = a.question_id)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "answer_totals_answers_updated"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM apply_answer_total_deltas(ARRAY(
		SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, a.sign)::answer_total_delta
		FROM (SELECT *, -1 AS sign FROM old_answers UNION ALL SELECT *, 1 AS sign FROM new_answers) a
		JOIN questions q ON q.id = a.question_id
		WHERE NOT EXISTS (SELECT 1 FROM sealed_questions s
			WHERE s.user_id = a.user_id AND s.quiz_session_id = a.quiz_session_id AND s.question_id = a.question_id)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "answer_totals_answers_deleted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	PERFORM apply_answer_total_deltas(ARRAY(
		SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
			(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, -1)::answer_total_delta
		FROM old_answers a JOIN questions q ON q.id = a.question_id
		WHERE NOT EXISTS (SELECT 1 FROM sealed_questions s
			WHERE s.user_id = a.user_id AND s.quiz_session_id = a.quiz_session_id AND s.question_id = a.question_id)));
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Saving a session no longer moves its answers: they already count.
DROP TRIGGER "answer_totals_sessions_updated" ON "quiz_sessions";
--> statement-breakpoint
DROP FUNCTION "answer_totals_sessions_updated"();
--> statement-breakpoint
-- A sitting's questions sealed take its answers out (none in practice: a sitting is sealed as it starts); unsealed, when
-- the sitting is finished, they come in. An account being deleted takes its sealed rows with it: nothing comes in then.
CREATE FUNCTION "answer_totals_sealed_changed"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM apply_answer_total_deltas(ARRAY(
			SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
				(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, -1)::answer_total_delta
			FROM new_sealed s
			JOIN answers a ON a.user_id = s.user_id AND a.quiz_session_id = s.quiz_session_id AND a.question_id = s.question_id
			JOIN questions q ON q.id = a.question_id));
	ELSE
		PERFORM apply_answer_total_deltas(ARRAY(
			SELECT ROW(a.user_id, a.quiz_session_id, q.bank, a.especialidad, a.sub_especialidad, q.tema,
				(a.answered_at AT TIME ZONE 'America/Mexico_City')::date, a.correct, a.time_ms, 1)::answer_total_delta
			FROM old_sealed s
			JOIN answers a ON a.user_id = s.user_id AND a.quiz_session_id = s.quiz_session_id AND a.question_id = s.question_id
			JOIN questions q ON q.id = a.question_id
			JOIN users u ON u.id = a.user_id));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "answer_totals_sealed_inserted" AFTER INSERT ON "sealed_questions" REFERENCING NEW TABLE AS new_sealed
	FOR EACH STATEMENT EXECUTE FUNCTION answer_totals_sealed_changed();
--> statement-breakpoint
CREATE TRIGGER "answer_totals_sealed_deleted" AFTER DELETE ON "sealed_questions" REFERENCING OLD TABLE AS old_sealed
	FOR EACH STATEMENT EXECUTE FUNCTION answer_totals_sealed_changed();
--> statement-breakpoint
SELECT rebuild_answer_totals(NULL);
