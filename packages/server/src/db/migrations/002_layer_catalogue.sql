-- The layer catalogue, base layers, the layer tree and the map configuration (schema app).

CREATE TABLE app.layers (
  id bigserial PRIMARY KEY,
  -- The layer's name is also the name of its table in schema data and of its WFS type.
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z_][a-z0-9_]{0,62}$'),
  title text NOT NULL,
  table_schema text NOT NULL DEFAULT 'data',
  table_name text NOT NULL,
  geometry_type text NOT NULL CHECK (geometry_type IN
    ('TABULAR', 'point', 'multipoint', 'linestring', 'multilinestring', 'polygon', 'multipolygon')),
  queryable boolean NOT NULL DEFAULT true,
  managed boolean NOT NULL DEFAULT true,
  -- The user's fields: [{name, type, maxLength, title, tooltip}] (system fields are implied).
  attributes jsonb NOT NULL DEFAULT '[]',
  -- Form layout groups: [{title, fields: [{name, title, visible}]}].
  layout jsonb NOT NULL DEFAULT '[]',
  fields_format jsonb NOT NULL DEFAULT '[]',
  -- Value lists and file/photo fields by attribute name: {attr: {title, type, values}}.
  domains jsonb NOT NULL DEFAULT '{}',
  style jsonb NOT NULL DEFAULT '{}',
  -- [minx, miny, maxx, maxy] in EPSG:4326; refreshed by app.refresh_layer_extent.
  extent double precision[] CHECK (extent IS NULL OR array_length(extent, 1) = 4),
  -- Bumped by a statement trigger on every insert, update or delete of the layer's table.
  data_version bigint NOT NULL DEFAULT 1,
  data_changed_at timestamptz NOT NULL DEFAULT now(),
  legend_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (table_schema, table_name)
);

CREATE FUNCTION app.bump_layer_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app.layers SET data_version = data_version + 1, data_changed_at = clock_timestamp()
   WHERE table_schema = TG_TABLE_SCHEMA AND table_name = TG_TABLE_NAME;
  RETURN NULL;
END;
$$;

-- Attaches the audit trigger and the data-version trigger to a layer table.
CREATE FUNCTION app.attach_layer_triggers(p_schema text, p_table text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %I.%I
                  FOR EACH ROW EXECUTE FUNCTION app.audit_trigger()', p_schema, p_table);
  EXECUTE format('CREATE TRIGGER data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I.%I
                  FOR EACH STATEMENT EXECUTE FUNCTION app.bump_layer_version()', p_schema, p_table);
END;
$$;

-- Recomputes a layer's extent from its live (not deleted) features.
CREATE FUNCTION app.refresh_layer_extent(p_layer text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  l app.layers;
  box box2d;
BEGIN
  SELECT * INTO l FROM app.layers WHERE name = p_layer;
  IF NOT FOUND OR l.geometry_type = 'TABULAR' THEN
    RETURN;
  END IF;
  EXECUTE format('SELECT ST_Extent(geom) FROM %I.%I WHERE NOT d_e_l_e_t_', l.table_schema, l.table_name)
    INTO box;
  UPDATE app.layers
     SET extent = CASE WHEN box IS NULL THEN NULL
                  ELSE ARRAY[ST_XMin(box), ST_YMin(box), ST_XMax(box), ST_YMax(box)] END
   WHERE id = l.id;
END;
$$;

CREATE TABLE app.base_layers (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('osm', 'wms', 'geojson', 'xyz')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  url text,
  visible boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  "group" text,
  zmin integer,
  zmax integer,
  zindex integer NOT NULL DEFAULT 0,
  options jsonb NOT NULL DEFAULT '{}'
);

-- The layer tree of the map: folders, layers and base layers, ordered within their parent.
CREATE TABLE app.layer_tree_nodes (
  id bigserial PRIMARY KEY,
  parent_id bigint REFERENCES app.layer_tree_nodes(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('folder', 'layer', 'layerBase')),
  name text NOT NULL,
  title text NOT NULL,
  layer_id bigint REFERENCES app.layers(id) ON DELETE CASCADE,
  base_layer_id bigint REFERENCES app.base_layers(id) ON DELETE CASCADE,
  radio_group text,
  sort_order integer NOT NULL DEFAULT 0,
  visible boolean NOT NULL DEFAULT false,
  opacity smallint NOT NULL DEFAULT 255 CHECK (opacity BETWEEN 0 AND 255),
  CHECK ((type = 'layer') = (layer_id IS NOT NULL)),
  CHECK ((type = 'layerBase') = (base_layer_id IS NOT NULL))
);
CREATE INDEX layer_tree_nodes_parent ON app.layer_tree_nodes (parent_id, sort_order);

-- The map's start extent (EPSG:4326): the state of São Paulo until an administrator sets one.
INSERT INTO app.settings (key, value)
VALUES ('mapStartPos', '[-53.2, -25.4, -44.1, -19.7]')
ON CONFLICT (key) DO NOTHING;
