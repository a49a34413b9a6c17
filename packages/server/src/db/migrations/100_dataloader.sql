-- The data-import wizard (spec 2 §2.1, §3, §7.2): an uploaded file becomes an import job with
-- its columns and rows; executing it writes each row to a layer through the feature write path
-- and records the row's status (C, U, E, P) and message. Templates keep a mapping for reuse.
CREATE TABLE app.dataloader_imports (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES app.users(id) ON DELETE CASCADE,
  filename text NOT NULL,
  metadata jsonb NOT NULL,
  row_count integer NOT NULL,
  config jsonb,
  job_id bigint REFERENCES app.jobs(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dataloader_imports_user ON app.dataloader_imports (user_id);

CREATE TABLE app.dataloader_rows (
  import_id bigint NOT NULL REFERENCES app.dataloader_imports(id) ON DELETE CASCADE,
  row_no integer NOT NULL,
  data jsonb NOT NULL,
  status char(1) NOT NULL DEFAULT 'P',
  message text,
  PRIMARY KEY (import_id, row_no)
);

CREATE TABLE app.dataloader_templates (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES app.users(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  metadata jsonb NOT NULL,
  is_public boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dataloader_templates_user ON app.dataloader_templates (user_id);
