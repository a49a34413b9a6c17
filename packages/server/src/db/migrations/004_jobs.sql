-- Long-running work (exports, imports, reports): one row per job, claimed by any server
-- process with FOR UPDATE SKIP LOCKED; a job whose process died is taken up again.
CREATE TABLE app.jobs (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  status text NOT NULL DEFAULT 'QUEUED'
    CHECK (status IN ('QUEUED', 'IN_PROGRESS', 'COMPLETE', 'ERROR')),
  payload jsonb NOT NULL DEFAULT '{}',
  result jsonb,
  message text,
  progress_value integer NOT NULL DEFAULT 0,
  progress_max integer NOT NULL DEFAULT 0,
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX jobs_queued ON app.jobs (id) WHERE status = 'QUEUED';
CREATE INDEX jobs_running ON app.jobs (heartbeat_at) WHERE status = 'IN_PROGRESS';
CREATE INDEX jobs_user ON app.jobs (user_id, created_at DESC);
