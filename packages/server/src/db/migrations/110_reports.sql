-- Reports (spec 3 §3, §7): the report templates of the tree (shared when owner_id is null, else
-- in the owner's 'Meus Relatórios'), and the report image library (files in the blob storage).
CREATE TABLE app.report_templates (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  folder text NOT NULL DEFAULT '',
  report_type text NOT NULL DEFAULT 'summary'
    CHECK (report_type IN ('record', 'summary', 'simple', 'GENERIC')),
  visible boolean NOT NULL DEFAULT true,
  owner_id bigint REFERENCES app.users(id) ON DELETE CASCADE,
  parameters jsonb NOT NULL DEFAULT '[]',
  template jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES app.users(id) ON DELETE SET NULL
);
CREATE INDEX report_templates_owner ON app.report_templates (owner_id);

CREATE TABLE app.report_contents (
  id bigserial PRIMARY KEY,
  filename text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  tag text NOT NULL,
  storage_key text NOT NULL,
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_contents_tag ON app.report_contents (tag, created_at DESC);
