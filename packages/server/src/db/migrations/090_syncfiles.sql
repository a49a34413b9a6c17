-- File association importer jobs (spec 2 §2.2, §7.3; ASSOCIAR ARQUIVOS, administrators): one
-- row per folder read, with the counters of its last upload. The files themselves go to the
-- records as ordinary attachments. Owner: modules/syncfiles/syncfiles.sql.ts.
CREATE TABLE app.syncfiles_jobs (
  id bigserial PRIMARY KEY,
  folder_name text NOT NULL,
  file_count integer NOT NULL,
  layer_name text,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX syncfiles_jobs_created ON app.syncfiles_jobs (created_at DESC, id DESC);
