-- What ASSOCIAR ARQUIVOS did with each file of a job (issue 26; decision 65), so that a reload
-- shows what was sent and what remains, and a folder picked again is not sent twice.
-- Owner: modules/syncfiles/syncfiles.sql.ts.
CREATE TABLE app.syncfiles_files (
  job_id bigint NOT NULL REFERENCES app.syncfiles_jobs(id) ON DELETE CASCADE,
  name text NOT NULL,
  size bigint NOT NULL DEFAULT 0,
  type text NOT NULL DEFAULT '',
  -- Why it is pending: {code, value, ids, count, field, maxMb, message}; null before the scan.
  reason jsonb,
  PRIMARY KEY (job_id, name)
);

-- A file sent to a record. The row is written before the upload (attachment_id null while it
-- runs) so that two sends of the same file to the same record cannot both happen.
CREATE TABLE app.syncfiles_sent (
  job_id bigint NOT NULL,
  file_name text NOT NULL,
  layer_name text NOT NULL,
  feature_id bigint NOT NULL,
  attachment_id bigint,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, file_name, layer_name, feature_id),
  FOREIGN KEY (job_id, file_name) REFERENCES app.syncfiles_files (job_id, name) ON DELETE CASCADE
);
