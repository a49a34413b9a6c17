-- Issue 31: WFS-T locks (LockFeature, GetFeatureWithLock). A feature is locked by at most one
-- lock until it expires; a Transaction on a feature locked by another lock id is refused.
CREATE TABLE app.wfs_locks (
  layer_name text NOT NULL,
  feature_id bigint NOT NULL,
  lock_id text NOT NULL,
  user_id bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (layer_name, feature_id)
);
CREATE INDEX wfs_locks_lock ON app.wfs_locks (lock_id);
