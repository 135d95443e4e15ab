-- Instances keep the sessions they resolved in memory for a minute (modules/auth/session-cache.ts, decision 024). Any
-- change to a session or an account tells them, whoever makes it (a logout, a payment, a webhook, a hand edit): one
-- notification per statement, delivered at commit. The payload is the table's schema, then the keys that changed
-- ("s:" and a session's token hash, "u:" and an account's id), or "*" when there are too many for one payload or the
-- table was truncated.
CREATE FUNCTION "notify_session_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	keys text[];
	payload text;
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		keys := ARRAY['*'];
	ELSIF TG_TABLE_NAME = 'sessions' THEN
		SELECT array_agg(DISTINCT 's:' || "token_hash") INTO keys FROM old_rows;
	ELSE
		SELECT array_agg(DISTINCT 'u:' || "id") INTO keys FROM old_rows;
	END IF;
	IF keys IS NULL THEN
		RETURN NULL;
	END IF;
	-- A payload holds at most 8000 bytes; a bulk change empties the caches instead.
	IF cardinality(keys) > 100 THEN
		payload := TG_TABLE_SCHEMA || ' *';
	ELSE
		payload := TG_TABLE_SCHEMA || ' ' || array_to_string(keys, ' ');
	END IF;
	-- Every instance hears the first; the second only the connection that made the change (db/notifications.ts),
	-- before its statement returns, so a student's next request on the same instance sees what they just changed.
	PERFORM pg_notify('galeno_session_changes', payload);
	PERFORM pg_notify('galeno_session_changes_' || pg_backend_pid(), payload);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_update" AFTER UPDATE ON "sessions" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_changes"();
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_changes"();
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_truncate" AFTER TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_changes"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_changes"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_changes"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_changes"();
