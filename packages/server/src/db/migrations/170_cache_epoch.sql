-- One counter every server process reads before it trusts what it keeps in memory about the
-- catalogue, permissions and sessions (several processes on one database, issue 32). A
-- trigger moves it in the same transaction as the change, so it is seen exactly when the
-- change is. The statement triggers run BEFORE: a transaction takes the counter's row lock
-- before the rows it changes, so two such transactions queue instead of deadlocking.

CREATE TABLE app.cache_epoch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  epoch bigint NOT NULL DEFAULT 1
);
INSERT INTO app.cache_epoch DEFAULT VALUES;

CREATE FUNCTION app.bump_cache_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app.cache_epoch SET epoch = epoch + 1;
  RETURN NULL;
END $$;

-- Data edits move data_version (and the extent) on every feature saved: not a catalogue change.
CREATE TRIGGER layers_cache_epoch AFTER UPDATE ON app.layers FOR EACH ROW
  WHEN (to_jsonb(OLD) - '{data_version,data_changed_at,extent,updated_at}'::text[]
        IS DISTINCT FROM to_jsonb(NEW) - '{data_version,data_changed_at,extent,updated_at}'::text[])
  EXECUTE FUNCTION app.bump_cache_epoch();
CREATE TRIGGER layers_cache_epoch_rows BEFORE INSERT OR DELETE ON app.layers
  FOR EACH STATEMENT EXECUTE FUNCTION app.bump_cache_epoch();
CREATE TRIGGER groups_cache_epoch BEFORE INSERT OR UPDATE OR DELETE ON app.groups
  FOR EACH STATEMENT EXECUTE FUNCTION app.bump_cache_epoch();
CREATE TRIGGER user_groups_cache_epoch BEFORE INSERT OR UPDATE OR DELETE ON app.user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION app.bump_cache_epoch();
CREATE TRIGGER group_layer_permissions_cache_epoch
  BEFORE INSERT OR UPDATE OR DELETE ON app.group_layer_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION app.bump_cache_epoch();
CREATE TRIGGER users_cache_epoch BEFORE UPDATE OF admin, active, password_hash OR DELETE ON app.users
  FOR EACH STATEMENT EXECUTE FUNCTION app.bump_cache_epoch();
-- A session revoked (sign-out, password changed) or deleted: tokens remembered for a moment
-- are read again.
CREATE TRIGGER sessions_cache_epoch BEFORE UPDATE OF revoked_at OR DELETE ON app.sessions
  FOR EACH STATEMENT EXECUTE FUNCTION app.bump_cache_epoch();
