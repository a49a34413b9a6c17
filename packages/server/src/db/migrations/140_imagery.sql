-- Street-level imagery (issue 29; spec 2 §3): surveys (levantamentos), their events (one capture
-- instant: position, heading, km, GPS time) and each event's camera frames; the images
-- themselves live in the blob storage, found by their public path in app.imagery_images.
-- Owners: surveys, events, frames: modules/imagery/imagery.sql.ts; images:
-- modules/imagery/images.sql.ts.
CREATE TABLE app.imagery_surveys (
  id serial PRIMARY KEY,
  -- The label of the survey switcher (spec 2 §2.6), e.g. '2025-03'.
  name text NOT NULL UNIQUE,
  survey_date date,
  description text NOT NULL DEFAULT '',
  -- 'demo': made by the seed, its images rendered on first request; 'import': loaded by an
  -- administrator, its images stored at import.
  source text NOT NULL DEFAULT 'import' CHECK (source IN ('demo', 'import')),
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app.imagery_events (
  id bigserial PRIMARY KEY,
  survey_id int NOT NULL REFERENCES app.imagery_surveys(id) ON DELETE CASCADE,
  road text NOT NULL,
  -- Sentido, e.g. 'Crescente' / 'Decrescente'; '' when unknown.
  way text NOT NULL DEFAULT '',
  km double precision NOT NULL,
  type text NOT NULL DEFAULT '',
  captured_at timestamptz NOT NULL,
  geom geometry(Point, 4326) NOT NULL,
  -- Heading of the vehicle, degrees clockwise from north.
  azimuth double precision NOT NULL DEFAULT 0,
  week_gps integer NOT NULL,
  second_gps double precision NOT NULL,
  -- The panorama: <imageServerUrl>/panoramas/<orbit_event_dir>/<orbit_event_id>.jpg; null: none.
  orbit_event_id text,
  orbit_event_dir text,
  -- Full width of the panorama (height = width / 2) and its tile grid (cols × cols/2 tiles
  -- under .../<orbit_event_id>/tiles/<col>_<row>.jpg); null: a single image.
  pano_width integer,
  pano_cols integer
);
CREATE INDEX imagery_events_geom ON app.imagery_events USING gist (geom);
CREATE INDEX imagery_events_road_km ON app.imagery_events (road, km);
CREATE INDEX imagery_events_gps ON app.imagery_events (survey_id, week_gps, second_gps);
CREATE UNIQUE INDEX imagery_events_pano ON app.imagery_events (orbit_event_dir, orbit_event_id)
  WHERE orbit_event_id IS NOT NULL;

CREATE TABLE app.imagery_frames (
  id bigserial PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES app.imagery_events(id) ON DELETE CASCADE,
  camera_id integer NOT NULL,
  -- Camera images: <imageServerUrl>/cameras/<path>/<level>.jpg, level 0..4 for the scale
  -- thresholds 0.2, 0.4, 0.6, 0.8 and 1 of the full size (spec 2 §9).
  path text NOT NULL UNIQUE,
  width integer NOT NULL,
  height integer NOT NULL,
  -- As the spec's fovGeometry: WKT, possibly after a leading part ending in ';' (e.g. SRID=4326;).
  fov_geometry text,
  -- rotationcamrelativeimu: the camera's rotation relative to the inertial unit, degrees.
  rotation double precision NOT NULL DEFAULT 0,
  UNIQUE (event_id, camera_id)
);

-- Each stored image by the path it is served under (after /api/images/).
CREATE TABLE app.imagery_images (
  path text PRIMARY KEY,
  storage_key text NOT NULL,
  size bigint NOT NULL,
  etag text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
