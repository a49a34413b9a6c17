-- Issue 43: imports at real scale. The upload is read by a job into the staging rows with
-- COPY; the execution validates and writes them with set-based SQL (layer-data/bulk-write.ts),
-- history and audit written in bulk, one entry per changed feature as a single edit writes it.

-- 1. A bulk write sets gis.bulk_write for its transaction and writes the audit entries itself:
-- the layer triggers do not fire for it (no row queued per feature), and the data version moves
-- once, at the end of the import.
CREATE OR REPLACE FUNCTION app.attach_layer_triggers(p_schema text, p_table text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I.%I
                  FOR EACH ROW WHEN (current_setting(''gis.bulk_write'', true) IS DISTINCT FROM ''on'')
                  EXECUTE FUNCTION app.audit_trigger()', p_schema, p_table);
  EXECUTE format('CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I.%I
                  FOR EACH STATEMENT WHEN (current_setting(''gis.bulk_write'', true) IS DISTINCT FROM ''on'')
                  EXECUTE FUNCTION app.bump_layer_version()', p_schema, p_table);
END;
$$;

DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT DISTINCT n.nspname AS s, c.relname AS t
      FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE NOT g.tgisinternal AND g.tgname IN ('audit', 'data_version')
       AND g.tgfoid IN ('app.audit_trigger'::regproc, 'app.bump_layer_version'::regproc)
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS audit ON %I.%I', r.s, r.t);
    EXECUTE format('DROP TRIGGER IF EXISTS data_version ON %I.%I', r.s, r.t);
    PERFORM app.attach_layer_triggers(r.s, r.t);
  END LOOP;
END;
$$;

-- 2. Jobs can be cancelled: a queued one at once, a running one at its next batch.
ALTER TABLE app.jobs DROP CONSTRAINT jobs_status_check;
ALTER TABLE app.jobs ADD CONSTRAINT jobs_status_check
  CHECK (status IN ('QUEUED', 'IN_PROGRESS', 'COMPLETE', 'ERROR', 'CANCELLED'));
ALTER TABLE app.jobs ADD COLUMN cancel_requested boolean NOT NULL DEFAULT false;

-- 3. The import: read by a job (READING until its rows are staged), executed by another, undone
-- as a whole. `counts` follows the execution (rows validated, written, with errors).
ALTER TABLE app.dataloader_imports
  ADD COLUMN state text NOT NULL DEFAULT 'READY' CHECK (state IN ('READING', 'READY', 'FAILED')),
  ADD COLUMN read_job_id bigint REFERENCES app.jobs(id) ON DELETE SET NULL,
  ADD COLUMN upload_key text,
  ADD COLUMN counts jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN undone_at timestamptz,
  ADD COLUMN undone_by text;

-- Each row's outcome, apart from the rows (which COPY writes once and nothing updates): C, U,
-- E with its message, P (submitted for approval), the feature written and its audit entry.
CREATE TABLE app.dataloader_results (
  import_id bigint NOT NULL REFERENCES app.dataloader_imports(id) ON DELETE CASCADE,
  row_no integer NOT NULL,
  status char(1) NOT NULL,
  message text,
  feature_id bigint,
  audit_id bigint,
  PRIMARY KEY (import_id, row_no)
);
INSERT INTO app.dataloader_results (import_id, row_no, status, message)
  SELECT import_id, row_no, status, message FROM app.dataloader_rows
   WHERE status <> 'P' OR message IS NOT NULL;
ALTER TABLE app.dataloader_rows DROP COLUMN status, DROP COLUMN message;

-- 4. The values of a file as Brazilian files write them (decision 90), in SQL for the bulk
-- execution: the same forms as dataloader-values.ts (a test holds both to one corpus), NULL for
-- a text that does not read. Only `~` and split_part: regexp_match is ten times slower.
CREATE FUNCTION app.import_trim(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN btrim(v, E' \t\n\r\u000b\u000c\u00a0\ufeff');

-- `1.234,5` (style br) or `1234.5` (style point).
CREATE FUNCTION app.import_number(v text, style text) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN style = 'br' THEN CASE
    WHEN app.import_trim(v) ~ '^-?([0-9]{1,3}(\.[0-9]{3})+|[0-9]+)?(,[0-9]+)?$'
     AND app.import_trim(v) ~ '[0-9]'
    THEN replace(replace(app.import_trim(v), '.', ''), ',', '.')::numeric END
  ELSE CASE WHEN app.import_trim(v) ~ '^[+-]?[0-9]+(\.[0-9]+)?$' THEN app.import_trim(v)::numeric END
END;

CREATE FUNCTION app.import_ymd(y integer, m integer, d integer) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN y BETWEEN 1 AND 9999 AND m BETWEEN 1 AND 12 AND d >= 1 AND d <= CASE
    WHEN m IN (4, 6, 9, 11) THEN 30
    WHEN m = 2 THEN CASE WHEN y % 4 = 0 AND (y % 100 <> 0 OR y % 400 = 0) THEN 29 ELSE 28 END
    ELSE 31 END
  THEN make_date(y, m, d) END;

-- A trimmed text `15/03/2026`, `2026-03-15` or `2026/03/15`.
CREATE FUNCTION app.import_day(s text) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN s ~ '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$'
    THEN app.import_ymd(split_part(s, '/', 3)::int, split_part(s, '/', 2)::int, split_part(s, '/', 1)::int)
  WHEN s ~ '^[0-9]{4}[-/][0-9]{1,2}[-/][0-9]{1,2}$'
    THEN app.import_ymd(split_part(translate(s, '/', '-'), '-', 1)::int,
                        split_part(translate(s, '/', '-'), '-', 2)::int,
                        split_part(translate(s, '/', '-'), '-', 3)::int)
END;

CREATE FUNCTION app.import_date(v text) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN app.import_day(app.import_trim(v));

-- A moment: an ISO text with its zone (`2026-03-15T14:30:00-03:00`, `…Z`), or a day and a time
-- (`15/03/2026 14:30`, `2026-03-15T14:30:00`) on São Paulo's clock. NULL otherwise.
CREATE FUNCTION app.import_moment(v text) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  s text := app.import_trim(v);
  day date;
  clock text;
  zone text;
  h int;
  mi int;
  sec int;
BEGIN
  IF s IS NULL THEN RETURN NULL; END IF;
  IF s ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:?[0-9]{2})$' THEN
    day := app.import_day(left(s, 10));
    zone := substring(s from '(Z|[+-][0-9]{2}:?[0-9]{2})$');
    clock := substring(s from 12 for length(s) - 11 - length(zone));
    IF day IS NULL OR (zone <> 'Z' AND (substr(zone, 2, 2)::int > 14 OR right(zone, 2)::int > 59)) THEN
      RETURN NULL;
    END IF;
  ELSIF s ~ '^[^\sT]+[\sT]+[0-9]{1,2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?$' THEN
    day := app.import_day(substring(s from '^[^\sT]+'));
    clock := substring(s from '[0-9]{1,2}:[0-9:.]+$');
    IF day IS NULL THEN RETURN NULL; END IF;
  ELSE
    RETURN NULL;
  END IF;
  h := split_part(clock, ':', 1)::int;
  mi := split_part(clock, ':', 2)::int;
  sec := coalesce(nullif(split_part(split_part(clock, ':', 3), '.', 1), ''), '0')::int;
  IF h > 23 OR mi > 59 OR sec > 59 THEN RETURN NULL; END IF;
  IF zone IS NOT NULL THEN RETURN s::timestamptz; END IF;
  RETURN (day + make_time(h, mi, sec)) AT TIME ZONE 'America/Sao_Paulo';
END;
$$;

-- A datetime field: a moment, or a day alone (midnight in São Paulo).
CREATE FUNCTION app.import_timestamptz(v text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(app.import_moment(v), app.import_date(v)::timestamp AT TIME ZONE 'America/Sao_Paulo');

-- A date field: a day, or a moment's day as it was written.
CREATE FUNCTION app.import_dateof(v text) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(app.import_date(v), CASE WHEN app.import_moment(v) IS NOT NULL
  THEN app.import_day(substring(app.import_trim(v) from '^[^\sT]+')) END);

-- `true`/`false`, `sim`/`não` (any case); not S/N (Sul/Norte).
CREATE FUNCTION app.import_boolean(v text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE translate(lower(app.import_trim(v)), 'ÃÁ', 'ãá')
  WHEN 'true' THEN true WHEN 'sim' THEN true WHEN 'verdadeiro' THEN true
  WHEN 'false' THEN false WHEN 'não' THEN false WHEN 'nao' THEN false WHEN 'falso' THEN false
END;

-- `hh:mm[:ss[.ffffff]]`, as the feature API takes a time.
CREATE FUNCTION app.import_time(v text) RETURNS time LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN app.import_trim(v) ~ '^[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?$'
   AND split_part(app.import_trim(v), ':', 1)::int <= 23
   AND split_part(app.import_trim(v), ':', 2)::int <= 59
   AND coalesce(nullif(split_part(split_part(app.import_trim(v), ':', 3), '.', 1), ''), '0')::int <= 59
  THEN app.import_trim(v)::time END;

-- A geometry from (E)WKT, or NULL when PostGIS cannot read it (a bad row is that row's error,
-- not the batch's).
CREATE FUNCTION app.import_geometry(v text) RETURNS geometry
LANGUAGE plpgsql IMMUTABLE PARALLEL UNSAFE AS $$
BEGIN
  RETURN ST_GeomFromEWKT(v);
EXCEPTION WHEN OTHERS THEN
  RETURN NULL;
END;
$$;

-- A geometry moved into another CRS, or NULL when PROJ cannot (coordinates outside the CRS).
CREATE FUNCTION app.import_transform(g geometry, srid integer) RETURNS geometry
LANGUAGE plpgsql IMMUTABLE PARALLEL UNSAFE AS $$
BEGIN
  RETURN ST_Transform(g, srid);
EXCEPTION WHEN OTHERS THEN
  RETURN NULL;
END;
$$;

-- A moderated user's import: the one approval its rows became.
ALTER TABLE app.dataloader_imports
  ADD COLUMN approval_id bigint REFERENCES app.approvals(id) ON DELETE SET NULL;

-- The staged rows are a copy of the uploaded file while the import is worked on: written once
-- by COPY, read by the execution. Unlogged (no WAL: a tenth of a million-row import's writes);
-- a database crash empties them, and an execution then asks for the file again.
ALTER TABLE app.dataloader_rows SET UNLOGGED;
