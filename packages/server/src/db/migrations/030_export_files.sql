-- Files written by export jobs (spec 2 §2.3 'Exportar relatório'): the stored file of each
-- finished export, for its user to download until it expires (files are swept afterwards).
CREATE TABLE app.export_files (
  job_id bigint PRIMARY KEY REFERENCES app.jobs(id) ON DELETE CASCADE,
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  storage_key text NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  rows bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX export_files_expiry ON app.export_files (expires_at);
