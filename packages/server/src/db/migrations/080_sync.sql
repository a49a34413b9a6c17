-- Synchronisation packages (spec 3 §3 'Synchronisation', §7; module artespSync): features
-- gathered into a package, sent by a job to the regulator's external server, with a log of
-- every run. Owner: modules/sync/sync.sql.ts.
CREATE TABLE app.sync_packages (
  id bigserial PRIMARY KEY,
  regulator text NOT NULL DEFAULT 'artesp',
  name text NOT NULL,
  status text NOT NULL DEFAULT 'CREATED'
    CHECK (status IN ('CREATED', 'QUEUED', 'RUNNING', 'DONE', 'PARTIAL', 'ERROR')),
  message text,
  items_partial integer NOT NULL DEFAULT 0,
  items_total integer NOT NULL DEFAULT 0,
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  queued_at timestamptz,
  job_id bigint
);
CREATE INDEX sync_packages_queued ON app.sync_packages (queued_at DESC) WHERE queued_at IS NOT NULL;

CREATE TABLE app.sync_items (
  id bigserial PRIMARY KEY,
  package_id bigint NOT NULL REFERENCES app.sync_packages(id) ON DELETE CASCADE,
  layer text NOT NULL,
  feature_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  operation_at timestamptz,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SYNCED', 'ERROR')),
  message text,
  action text CHECK (action IN ('INSERT', 'UPDATE', 'DELETE')),
  UNIQUE (package_id, layer, feature_id)
);

CREATE TABLE app.sync_logs (
  id bigserial PRIMARY KEY,
  package_id bigint NOT NULL REFERENCES app.sync_packages(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  storage_key text NOT NULL,
  size bigint NOT NULL
);
CREATE INDEX sync_logs_package ON app.sync_logs (package_id, created_at DESC);

-- Where a regulator's packages go: another instance of this product (its feature API), the
-- bearer token of an account there, and our layer names to its.
CREATE TABLE app.sync_configs (
  regulator text PRIMARY KEY,
  url text NOT NULL,
  token text,
  layers jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES app.users(id) ON DELETE SET NULL
);

-- The external server's id of each feature sent: the key a later run updates it by.
CREATE TABLE app.sync_remote_keys (
  regulator text NOT NULL,
  layer text NOT NULL,
  feature_id bigint NOT NULL,
  remote_layer text NOT NULL,
  remote_id bigint NOT NULL,
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (regulator, layer, feature_id)
);
