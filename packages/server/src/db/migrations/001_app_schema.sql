-- System tables (schema app) and the home of layer tables (schema data).
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE SCHEMA IF NOT EXISTS app;
CREATE SCHEMA IF NOT EXISTS data;

CREATE TABLE app.settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE app.users (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  sector text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  admin boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT false,
  workspace jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower ON app.users (lower(username));

CREATE TABLE app.sessions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES app.users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  address text
);
CREATE INDEX sessions_user ON app.sessions (user_id);

CREATE TABLE app.logins (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  username text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  address text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX logins_at ON app.logins (at DESC);

-- Failed sign-ins, for the per-user and per-address rate limit; old rows are pruned.
CREATE TABLE app.login_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  address text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_username ON app.login_failures (username, at);
CREATE INDEX login_failures_address ON app.login_failures (address, at);

CREATE TABLE app.password_resets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES app.users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE app.groups (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE app.user_groups (
  user_id bigint NOT NULL REFERENCES app.users(id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES app.groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, group_id)
);

-- Per-layer permission flags of a group; a user's flags are the union over their groups.
CREATE TABLE app.group_layer_permissions (
  group_id bigint NOT NULL REFERENCES app.groups(id) ON DELETE CASCADE,
  layer_name text NOT NULL,
  read_feature boolean NOT NULL DEFAULT false,
  update_feature boolean NOT NULL DEFAULT false,
  create_feature boolean NOT NULL DEFAULT false,
  delete_feature boolean NOT NULL DEFAULT false,
  create_feature_attachment boolean NOT NULL DEFAULT false,
  read_feature_attachment boolean NOT NULL DEFAULT false,
  delete_feature_attachment boolean NOT NULL DEFAULT false,
  PRIMARY KEY (group_id, layer_name)
);

-- One log of every change to every layer table: feature history, the auditor and
-- approvals all read it. Who and from where come from transaction-local settings
-- (gis.user_id, gis.username, gis.application, gis.client_addr, gis.client_port).
CREATE TABLE app.audit_log (
  id bigserial PRIMARY KEY,
  table_schema text NOT NULL,
  table_name text NOT NULL,
  feature_id bigint,
  action char(1) NOT NULL CHECK (action IN ('I', 'U', 'D')),
  old_fields jsonb,
  current_fields jsonb,
  changed_fields jsonb,
  user_id bigint,
  username text,
  application text,
  client_addr text,
  client_port integer,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_log_feature ON app.audit_log (table_schema, table_name, feature_id, id);
CREATE INDEX audit_log_at ON app.audit_log (at);

CREATE FUNCTION app.audit_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb;
  new_row jsonb;
  changed jsonb := '{}'::jsonb;
  k text;
  act char(1);
  fid bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    new_row := to_jsonb(NEW);
    changed := new_row;
    act := 'I';
    fid := NEW.id;
  ELSIF TG_OP = 'UPDATE' THEN
    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    FOR k IN SELECT jsonb_object_keys(new_row) LOOP
      IF k <> 'm_o_d_i_f_' AND (old_row -> k) IS DISTINCT FROM (new_row -> k) THEN
        changed := changed || jsonb_build_object(k, new_row -> k);
      END IF;
    END LOOP;
    IF changed = '{}'::jsonb THEN
      RETURN NEW;
    END IF;
    -- A soft delete (d_e_l_e_t_ false -> true) is a deletion for the history.
    IF (new_row ->> 'd_e_l_e_t_') = 'true' AND coalesce(old_row ->> 'd_e_l_e_t_', 'false') = 'false' THEN
      act := 'D';
    ELSE
      act := 'U';
    END IF;
    fid := NEW.id;
  ELSE
    old_row := to_jsonb(OLD);
    act := 'D';
    fid := OLD.id;
  END IF;
  INSERT INTO app.audit_log (table_schema, table_name, feature_id, action, old_fields,
    current_fields, changed_fields, user_id, username, application, client_addr, client_port)
  VALUES (TG_TABLE_SCHEMA, TG_TABLE_NAME, fid, act, old_row, new_row, changed,
    nullif(current_setting('gis.user_id', true), '')::bigint,
    nullif(current_setting('gis.username', true), ''),
    coalesce(nullif(current_setting('gis.application', true), ''), current_setting('application_name', true)),
    nullif(current_setting('gis.client_addr', true), ''),
    nullif(current_setting('gis.client_port', true), '')::integer);
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
