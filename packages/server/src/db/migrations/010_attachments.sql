-- Files attached to features. The file itself lives in the blob storage under a key the
-- server generated (never a name from the client); a demo photo is drawn on first use.
CREATE TABLE app.attachments (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  layer_name text NOT NULL,
  feature_id bigint NOT NULL,
  storage_key text,
  thumbnail_key text,
  filename text NOT NULL,
  description text NOT NULL DEFAULT '',
  content_type text NOT NULL,
  size bigint,
  sha256 text,
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  username text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  -- The recipe of a demo photo (demo seed), rendered into the storage the first time it is
  -- needed: the seed stays fast and any DATA_DIR (tests, a restored database) gets the files.
  demo_photo text,
  CHECK (storage_key IS NOT NULL OR demo_photo IS NOT NULL)
);
CREATE INDEX attachments_feature ON app.attachments (layer_name, feature_id, id);
