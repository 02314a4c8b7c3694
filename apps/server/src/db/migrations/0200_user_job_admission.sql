-- A worker's check of a user's running-jobs limit (lib/jobs/user-slots.ts) in one round trip:
-- under the user's advisory lock, count the user's admitted jobs that have not released their
-- slot and either mark this job admitted (restarting its clock when it waited for its place) or
-- put it back to wait. A job fetched ahead that still waits for its place holds no slot. Each
-- statement of a PL/pgSQL function reads a fresh snapshot, so the count sees what the lock's
-- previous holder committed. The job table is pg-boss's, created after the migrations: PL/pgSQL
-- resolves it when the function first runs.
CREATE OR REPLACE FUNCTION atelier_admit_user_job(
  job_id uuid,
  user_key integer,
  lock_namespace integer,
  queues text[],
  slot_limit integer,
  admitted_key text,
  released_key text,
  defer_seconds integer,
  restart_clock boolean
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  running integer;
BEGIN
  PERFORM pg_advisory_xact_lock(lock_namespace, user_key);
  SELECT count(*) INTO running FROM pgboss.job
  WHERE state = 'active' AND name = ANY(queues) AND id <> job_id AND data->>'userId' = user_key::text
    AND output->>admitted_key IS NOT NULL AND output->>released_key IS NULL;
  IF running < slot_limit THEN
    UPDATE pgboss.job
    SET output = jsonb_build_object(admitted_key, true),
        started_on = CASE WHEN restart_clock THEN now() ELSE started_on END
    WHERE id = job_id AND state = 'active';
    RETURN true;
  END IF;
  UPDATE pgboss.job
  SET state = 'created', started_on = NULL, start_after = now() + make_interval(secs => defer_seconds)
  WHERE id = job_id AND state = 'active';
  RETURN false;
END
$$;
