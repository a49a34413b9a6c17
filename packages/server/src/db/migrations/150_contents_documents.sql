-- Issue 30, part 1: the one store of organisation content (spec 1 §7: POST /api/content,
-- GET /api/content/{id}, GET /api/content/tag/{tag}) and the documents library on top of it.
-- The report image library's rows move into the store with their ids: templates refer to
-- their images by content id.
CREATE TABLE app.contents (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  tag text NOT NULL,
  title text NOT NULL DEFAULT '',
  filename text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  sha256 text,
  storage_key text NOT NULL,
  -- A small PNG of the first page or of the image, made on the server (null: none).
  thumbnail_key text,
  -- PDF pages (null: not a PDF, or not counted yet).
  page_count int,
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO app.contents (id, tag, title, filename, content_type, size, storage_key, created_by,
    created_at)
  SELECT id, tag, filename, filename, content_type, size, storage_key, created_by, created_at
    FROM app.report_contents;
SELECT setval(pg_get_serial_sequence('app.contents', 'id'),
  coalesce((SELECT max(id) FROM app.contents), 1),
  (SELECT count(*) > 0 FROM app.contents));
DROP TABLE app.report_contents;
CREATE INDEX contents_tag ON app.contents (tag, created_at DESC, id DESC);

-- Folders of the library. Who may read or write a folder's documents: the groups listed in
-- document_folder_groups (write where can_write); a folder that lists none takes its parent's
-- list, and a top folder that lists none is open to every signed-in user. Administrators may
-- do everything.
CREATE TABLE app.document_folders (
  id bigserial PRIMARY KEY,
  parent_id bigint REFERENCES app.document_folders(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX document_folders_name
  ON app.document_folders (coalesce(parent_id, 0), lower(name));

CREATE TABLE app.document_folder_groups (
  folder_id bigint NOT NULL REFERENCES app.document_folders(id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES app.groups(id) ON DELETE CASCADE,
  can_write boolean NOT NULL DEFAULT false,
  PRIMARY KEY (folder_id, group_id)
);

CREATE TABLE app.documents (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  folder_id bigint NOT NULL REFERENCES app.document_folders(id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Soft delete: a deleted document keeps its versions and history.
  deleted_at timestamptz
);
CREATE INDEX documents_folder ON app.documents (folder_id, updated_at DESC);

-- Each upload of a document's file is a version; its file is a content (tag 'documentos').
CREATE TABLE app.document_versions (
  id bigserial PRIMARY KEY,
  document_id bigint NOT NULL REFERENCES app.documents(id) ON DELETE CASCADE,
  version int NOT NULL,
  content_id bigint NOT NULL REFERENCES app.contents(id),
  comment text NOT NULL DEFAULT '',
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_id, version)
);
CREATE INDEX document_versions_content ON app.document_versions (content_id);

-- Documents linked to features (shown in the feature window's DOCUMENTOS tab).
CREATE TABLE app.document_links (
  document_id bigint NOT NULL REFERENCES app.documents(id) ON DELETE CASCADE,
  layer_name text NOT NULL,
  feature_id bigint NOT NULL,
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, layer_name, feature_id)
);
CREATE INDEX document_links_feature ON app.document_links (layer_name, feature_id);

-- What happened to a document: CREATE, VERSION, UPDATE, MOVE, LINK, UNLINK, DELETE, RESTORE.
CREATE TABLE app.document_history (
  id bigserial PRIMARY KEY,
  document_id bigint NOT NULL REFERENCES app.documents(id) ON DELETE CASCADE,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  username text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_history_document ON app.document_history (document_id, at DESC);
