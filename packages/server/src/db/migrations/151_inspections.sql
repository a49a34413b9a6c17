-- Issue 30, part 2: inspections of the bridges and viaducts (module oaeInspections) of the
-- layer the setting 'inspectionLayer' names (default 'oae'), as in docs/inspections.md.

-- Inspection types and their periodicity in months (null: not periodic), administrators'.
CREATE TABLE app.inspection_types (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  periodicity_months int CHECK (periodicity_months IS NULL OR periodicity_months BETWEEN 1 AND 240),
  position int NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX inspection_types_name ON app.inspection_types (lower(name));
-- ABNT NBR 9452 (2023) and DNIT 010/2024-PRO (domain.md).
INSERT INTO app.inspection_types (name, periodicity_months, position) VALUES
  ('Cadastral', NULL, 1),
  ('Rotineira', 12, 2),
  ('Especial', 60, 3),
  ('Extraordinária', NULL, 4),
  ('Intermediária', NULL, 5);

CREATE TABLE app.inspections (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  layer_name text NOT NULL,
  feature_id bigint NOT NULL,
  type_id bigint NOT NULL REFERENCES app.inspection_types(id),
  inspected_on date NOT NULL,
  inspector text NOT NULL,
  -- The three notes: 5 Excelente, 4 Boa, 3 Regular, 2 Ruim, 1 Crítica.
  structural smallint NOT NULL CHECK (structural BETWEEN 1 AND 5),
  functional smallint NOT NULL CHECK (functional BETWEEN 1 AND 5),
  durability smallint NOT NULL CHECK (durability BETWEEN 1 AND 5),
  recommendations text NOT NULL DEFAULT '',
  -- ACCEPTED counts; PENDING waits for an administrator (a moderated user's inspection);
  -- REJECTED was refused.
  status text NOT NULL DEFAULT 'ACCEPTED' CHECK (status IN ('ACCEPTED', 'PENDING', 'REJECTED')),
  created_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  reviewed_by bigint REFERENCES app.users(id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX inspections_feature ON app.inspections (layer_name, feature_id, inspected_on DESC);

-- Anomalies per element (superestrutura, mesoestrutura, infraestrutura, aparelhos de apoio,
-- juntas, encontros, pavimento, acostamento, or another the inspector names).
CREATE TABLE app.inspection_anomalies (
  id bigserial PRIMARY KEY,
  inspection_id bigint NOT NULL REFERENCES app.inspections(id) ON DELETE CASCADE,
  position int NOT NULL DEFAULT 0,
  element text NOT NULL,
  description text NOT NULL,
  -- The element's own note (1–5), when the inspector gives one.
  note smallint CHECK (note IS NULL OR note BETWEEN 1 AND 5)
);
CREATE INDEX inspection_anomalies_inspection ON app.inspection_anomalies (inspection_id, position);

-- Photos of an inspection (of an anomaly when anomaly_id is set): contents tagged
-- 'inspecoes/fotos'.
CREATE TABLE app.inspection_photos (
  id bigserial PRIMARY KEY,
  inspection_id bigint NOT NULL REFERENCES app.inspections(id) ON DELETE CASCADE,
  anomaly_id bigint REFERENCES app.inspection_anomalies(id) ON DELETE CASCADE,
  content_id bigint NOT NULL REFERENCES app.contents(id),
  caption text NOT NULL DEFAULT ''
);
CREATE INDEX inspection_photos_inspection ON app.inspection_photos (inspection_id);

-- What happened to an inspection: CREATE, UPDATE, APPROVE, REJECT, DELETE.
CREATE TABLE app.inspection_history (
  id bigserial PRIMARY KEY,
  inspection_id bigint NOT NULL REFERENCES app.inspections(id) ON DELETE CASCADE,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  user_id bigint REFERENCES app.users(id) ON DELETE SET NULL,
  username text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_history_inspection ON app.inspection_history (inspection_id, at DESC);
