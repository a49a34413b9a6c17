-- Approvals (issue 14): edits submitted for review and decided item by item. The moderated
-- flag itself (group_layer_permissions.submit_for_review) arrived with migration 020.

-- One submission: who sent it, its description and the counts of its decided items. PENDING
-- until every item is decided, then REVIEWED at `reviewed`.
CREATE TABLE app.approvals (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  username text NOT NULL,
  description text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  reviewed timestamptz,
  items_total integer NOT NULL DEFAULT 0,
  items_accepted integer NOT NULL DEFAULT 0,
  items_rejected integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'REVIEWED')),
  CHECK (items_accepted + items_rejected <= items_total)
);
CREATE INDEX approvals_created ON app.approvals (created);

-- One proposed change: INSERT (feature_id set once approved), UPDATE or DELETE of a feature;
-- the proposed attributes and geometry; the feature as it was when submitted (base_*), so an
-- approve over a newer version is refused with the difference. Decided once.
CREATE TABLE app.approval_items (
  id bigserial PRIMARY KEY,
  approval_id bigint NOT NULL REFERENCES app.approvals(id) ON DELETE CASCADE,
  position integer NOT NULL,
  layer_name text NOT NULL,
  feature_id bigint,
  action text NOT NULL CHECK (action IN ('INSERT', 'UPDATE', 'DELETE')),
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  geom text,
  with_geom boolean NOT NULL DEFAULT false,
  base_version text,
  base_attributes jsonb,
  base_geom text,
  created timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'REJECTED')),
  decided timestamptz,
  reviewer_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  reviewer text,
  reason text,
  UNIQUE (approval_id, position)
);
CREATE INDEX approval_items_feature ON app.approval_items (layer_name, feature_id) WHERE status = 'PENDING';

-- Files kept aside with an item: in the blob storage under a generated key; an approve hands
-- the key over to app.attachments (attachment_id), a reject deletes the file.
CREATE TABLE app.approval_attachments (
  id bigserial PRIMARY KEY,
  item_id bigint NOT NULL REFERENCES app.approval_items(id) ON DELETE CASCADE,
  storage_key text NOT NULL,
  filename text NOT NULL,
  description text NOT NULL DEFAULT '',
  content_type text NOT NULL,
  size bigint NOT NULL,
  sha256 text,
  attachment_id bigint
);
CREATE INDEX approval_attachments_item ON app.approval_attachments (item_id, id);

-- The audit entries an approve wrote: the change is the submitter's (user_id, username), the
-- reviewer who approved it is recorded beside it.
ALTER TABLE app.audit_log
  ADD COLUMN approval_item_id bigint,
  ADD COLUMN approved_by text;
