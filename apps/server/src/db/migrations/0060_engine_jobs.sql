-- Jobs the GPU engines hand to an outside provider (RunPod): the webhook that reports the
-- job's end authenticates with a per-job random secret, of which only the SHA-256 is kept.
-- The webhook writes the terminal payload here once (completed_at), so an engine waiting in
-- another process finds it when it polls, and a repeated delivery changes nothing.
CREATE TABLE engine_jobs (
  id uuid PRIMARY KEY,
  engine text NOT NULL,
  provider_job_id text,
  secret_hash text NOT NULL,
  status text NOT NULL DEFAULT 'SUBMITTING',
  result jsonb,
  error text,
  deliveries integer NOT NULL DEFAULT 0,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX engine_jobs_created_idx ON engine_jobs (created_at);
--> statement-breakpoint
CREATE INDEX engine_jobs_provider_idx ON engine_jobs (provider_job_id) WHERE provider_job_id IS NOT NULL;
