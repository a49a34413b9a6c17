import { attachLayerTriggers, createLayerTable } from '../layer-data/layer-tables'
import { DEMO_LAYERS } from './demo-layer-defs'
import { DEMO_ROADS, prng, roadWkt, SEATS, TOLL_PLAZAS } from './demo-geography'
import type { Queryable } from '../db/types'

/** Inserts rows in batches of multi-row VALUES (few statements, bounded parameter lists). */
async function insertRows(
  db: Queryable,
  sqlHead: string,
  rowSql: (offset: number) => string,
  rows: unknown[][],
  batch = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch)
    const width = chunk[0]!.length
    const values = chunk.map((_, r) => rowSql(r * width)).join(',')
    await db.query(`${sqlHead} VALUES ${values}`, chunk.flat())
  }
}

const uuidOf = (layer: string) => `md5('${layer}:' || n)::uuid`

async function loadData(db: Queryable): Promise<void> {
  const rand = prng(20_240_817)
  const roadRows = DEMO_ROADS.map((r) => [
    r.codigo,
    r.artesp,
    r.denominacao,
    r.path[0]![2],
    r.path[r.path.length - 1]![2],
    roadWkt(r),
  ])
  await insertRows(
    db,
    `INSERT INTO data.rodovias (codigo, codigo_artesp, denominacao, km_ini, km_fim, geom,
       lote, concessionaria, pistas)`,
    (o) =>
      `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, ST_GeomFromText($${o + 6}, 4326),
        'L12', 'Rodovias do Interior S.A.', 2)`,
    roadRows,
  )
  await db.exec(`UPDATE data.rodovias SET uuid = md5('rodovias:' || id)::uuid`)

  // Kilometre markers on every whole km, on the axis (ST_LineInterpolatePoint).
  await db.exec(`
    INSERT INTO data.marcos_km (uuid, rodovia, km, sentido, geom)
    SELECT ${uuidOf('marcos_km')}, r.codigo, k::numeric(9,3),
           CASE WHEN r.codigo = 'SP-075' THEN 'Norte' ELSE 'Oeste' END,
           ST_LineInterpolatePoint(ST_LineMerge(r.geom), (k - r.km_ini) / (r.km_fim - r.km_ini))
      FROM data.rodovias r,
           generate_series(ceil(r.km_ini)::int, floor(r.km_fim)::int) k,
           LATERAL (SELECT r.codigo || ':' || k AS n) x`)

  // Bridges and viaducts at random positions of each road.
  const oae: unknown[][] = []
  for (const road of DEMO_ROADS) {
    const first = road.path[0]![2]
    const last = road.path[road.path.length - 1]![2]
    for (let i = 0; i < 22; i++) {
      const k = Math.round((first + rand() * (last - first)) * 1000) / 1000
      const r = rand()
      const tipo = r < 0.45 ? 'ponte' : r < 0.85 ? 'viaduto' : 'passarela'
      const sentido = road.sentidos[i % 2]!
      const kmText = k.toFixed(3).padStart(7, '0').replace('.', '+')
      const note = () => 1 + Math.floor(rand() * 5)
      const day = Math.floor(rand() * 900)
      oae.push([
        `OAE-${road.codigo.replace('-', '')}-${kmText}`,
        `${road.artesp}_${kmText}_${sentido[0]}`,
        tipo,
        road.codigo,
        k,
        sentido,
        Math.round((tipo === 'passarela' ? 30 : 20 + rand() * 260) * 10) / 10,
        Math.round((tipo === 'passarela' ? 3 : 11 + rand() * 14) * 10) / 10,
        note(),
        note(),
        note(),
        new Date(Date.UTC(2023, 0, 1) + day * 86_400_000).toISOString().slice(0, 10),
      ])
    }
  }
  await insertRows(
    db,
    `INSERT INTO data.oae (codigo, codigo_artesp, tipo, rodovia, km, sentido, comprimento, largura,
       nota_estrutural, nota_funcional, nota_durabilidade, ultima_inspecao)`,
    (o) => `(${Array.from({ length: 12 }, (_, i) => `$${o + i + 1}`).join(', ')})`,
    oae,
  )
  await db.exec(`
    UPDATE data.oae o SET uuid = md5('oae:' || o.id)::uuid,
           geom = ST_LineInterpolatePoint(ST_LineMerge(r.geom), (o.km - r.km_ini) / (r.km_fim - r.km_ini))
      FROM data.rodovias r WHERE r.codigo = o.rodovia`)
  // One bridge was demolished: soft-deleted, it must not appear on the map or in WFS.
  await db.exec(`UPDATE data.oae SET d_e_l_e_t_ = true WHERE id = 7`)

  // Right-of-way strips: 40 m each side of the axis, in 10 km stretches.
  await db.exec(`
    INSERT INTO data.faixa_dominio (uuid, rodovia, km_ini, km_fim, largura_m, situacao, geom)
    SELECT ${uuidOf('faixa_dominio')}, s.codigo, s.a, s.b, 80,
           (ARRAY['Regularizada', 'Regularizada', 'Regularizada', 'Em desapropriação', 'Invadida'])[1 + (s.i % 5)],
           ST_Multi(ST_Buffer(ST_LineSubstring(ST_LineMerge(s.geom),
             (s.a - s.km_ini) / (s.km_fim - s.km_ini), (s.b - s.km_ini) / (s.km_fim - s.km_ini))::geography, 40, 'quad_segs=2')::geometry)
      FROM (SELECT r.codigo, r.geom, r.km_ini, r.km_fim, i,
                   r.km_ini + i * 10 AS a, least(r.km_ini + (i + 1) * 10, r.km_fim) AS b
              FROM data.rodovias r, generate_series(0, ceil((r.km_fim - r.km_ini) / 10)::int - 1) i) s,
           LATERAL (SELECT s.codigo || ':' || s.i AS n) x`)
  await db.exec(
    `UPDATE data.faixa_dominio SET area_m2 = round(ST_Area(geom::geography)::numeric, 1)`,
  )

  const plazas = TOLL_PLAZAS.map(([nome, rodovia, k, cabines, tarifa], i) => [
    nome,
    rodovia,
    k,
    cabines,
    tarifa,
    i % 3 !== 2,
  ])
  await insertRows(
    db,
    `INSERT INTO data.pracas_pedagio (nome, rodovia, km, cabines, tarifa_auto, automatica)`,
    (o) => `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, $${o + 5}, $${o + 6})`,
    plazas,
  )
  await db.exec(`
    UPDATE data.pracas_pedagio p SET uuid = md5('pracas_pedagio:' || p.id)::uuid, sentido = 'Ambos',
           geom = ST_LineInterpolatePoint(ST_LineMerge(r.geom), (p.km - r.km_ini) / (r.km_fim - r.km_ini))
      FROM data.rodovias r WHERE r.codigo = p.rodovia`)

  // Municipalities: the Voronoi cells of their seats, clipped to the region.
  await db.exec(
    'CREATE TEMP TABLE demo_seats (nome text, codigo_ibge text, pop integer, pt geometry) ON COMMIT DROP',
  )
  await insertRows(
    db,
    'INSERT INTO demo_seats (nome, codigo_ibge, pop, pt)',
    (o) =>
      `($${o + 1}, $${o + 2}, $${o + 5}, ST_SetSRID(ST_MakePoint($${o + 3}, $${o + 4}), 4326))`,
    SEATS,
  )
  await db.exec(`
    WITH env AS (SELECT ST_MakeEnvelope(-48.7, -23.85, -46.5, -22.75, 4326) AS g),
    cells AS (
      SELECT (ST_Dump(ST_VoronoiPolygons(ST_Collect(s.pt), 0, env.g))).geom AS cell
        FROM demo_seats s, env GROUP BY env.g)
    INSERT INTO data.municipios (uuid, nome, codigo_ibge, uf, populacao, geom)
    SELECT md5('municipios:' || s.codigo_ibge)::uuid, s.nome, s.codigo_ibge, 'SP', s.pop,
           ST_Multi(ST_Intersection(c.cell, env.g))
      FROM demo_seats s JOIN cells c ON ST_Intersects(c.cell, s.pt), env
     ORDER BY s.codigo_ibge`)
  await db.exec(
    `UPDATE data.municipios SET area_km2 = round((ST_Area(geom::geography) / 1e6)::numeric, 2)`,
  )

  // Occurrences (no geometry): one every 21 hours or so over two years.
  await db.exec(`
    INSERT INTO data.ocorrencias (uuid, data, rodovia, km, sentido, tipo, vitimas, descricao)
    SELECT ${uuidOf('ocorrencias')}, timestamptz '2024-01-01 03:00:00+00' + n * interval '21 hours 17 minutes',
           r.codigo,
           round((r.km_ini + ((hashint4(n) & 2147483647) % 1000) / 1000.0 * (r.km_fim - r.km_ini))::numeric, 3),
           CASE WHEN n % 2 = 0 THEN 'Oeste' ELSE 'Leste' END,
           t.tipo,
           CASE WHEN t.tipo = 'Acidente' THEN (hashint4(n * 7) & 2147483647) % 4 ELSE 0 END,
           t.tipo || ' registrado pela equipe de tráfego.'
      FROM generate_series(1, 800) n
      JOIN LATERAL (SELECT * FROM data.rodovias ORDER BY id OFFSET n % 3 LIMIT 1) r ON true
      JOIN LATERAL (SELECT (ARRAY['Acidente', 'Animal na pista', 'Pane mecânica', 'Obras na pista',
                    'Objeto na pista', 'Incêndio às margens'])[1 + (hashint4(n * 13) & 2147483647) % 6] AS tipo) t ON true`)

  // Vertical signs every 20 m along every road: the large layer (over 20,000 points).
  await db.exec(`
    INSERT INTO data.placas (uuid, codigo_ctb, rodovia, km, sentido, lado, estado, data_implantacao,
                             d_e_l_e_t_, geom)
    SELECT ${uuidOf('placas')},
           (ARRAY['R-1', 'R-19', 'A-2a', 'A-14', 'R-6a', 'A-32b', 'R-7', 'A-18', 'R-4a', 'A-21a'])
             [1 + (hashint4(i + r.id::int * 100003) & 2147483647) % 10],
           r.codigo, round((r.km_ini + i * 0.02)::numeric, 3),
           CASE WHEN i % 2 = 0 THEN 'Oeste' ELSE 'Leste' END,
           CASE WHEN i % 2 = 0 THEN 'Direito' ELSE 'Esquerdo' END,
           (ARRAY['Bom', 'Bom', 'Bom', 'Regular', 'Regular', 'Ruim'])[1 + (hashint4(i * 31 + r.id::int) & 2147483647) % 6],
           date '2012-01-01' + (hashint4(i * 17 + r.id::int) & 2147483647) % 4500,
           i % 997 = 500,
           ST_Translate(ST_LineInterpolatePoint(ST_LineMerge(r.geom), i * 0.02 / (r.km_fim - r.km_ini)),
                        0, CASE WHEN i % 2 = 0 THEN 0.00012 ELSE -0.00012 END)
      FROM data.rodovias r,
           generate_series(0, floor((r.km_fim - r.km_ini) / 0.02)::int) i,
           LATERAL (SELECT r.codigo || ':' || i AS n) x`)
}

/** The layer tree: folders, layers (with default visibility and opacity) and base layers. */
async function loadTree(db: Queryable): Promise<void> {
  const folder = async (title: string, name: string, order: number, visible: boolean) => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO app.layer_tree_nodes (type, name, title, sort_order, visible)
       VALUES ('folder', $1, $2, $3, $4) RETURNING id`,
      [name, title, order, visible],
    )
    return rows[0]!.id
  }
  const layer = async (
    parent: number,
    name: string,
    order: number,
    visible: boolean,
    opacity = 255,
  ) => {
    await db.query(
      `INSERT INTO app.layer_tree_nodes (parent_id, type, name, title, layer_id, sort_order,
         visible, opacity)
       SELECT $1, 'layer', l.name, l.title, l.id, $3, $4, $5 FROM app.layers l WHERE l.name = $2`,
      [parent, name, order, visible, opacity],
    )
  }
  const roads = await folder('Sistema viário', 'sistema_viario', 1, true)
  await layer(roads, 'rodovias', 1, true)
  await layer(roads, 'marcos_km', 2, false)
  await layer(roads, 'pracas_pedagio', 3, true)
  const assets = await folder('Ativos da concessão', 'ativos', 2, true)
  await layer(assets, 'oae', 1, true)
  await layer(assets, 'placas', 2, false)
  await layer(assets, 'faixa_dominio', 3, false, 200)
  const limits = await folder('Limites administrativos', 'limites', 3, true)
  await layer(limits, 'municipios', 1, true, 180)
  const base = await folder('Mapas base', 'mapas_base', 4, true)
  await db.query(
    `INSERT INTO app.layer_tree_nodes (parent_id, type, name, title, base_layer_id, radio_group,
       sort_order, visible)
     SELECT $1, 'layerBase', 'base_' || b.id, b.name, b.id, 'mapa-base', b.zindex, b.visible
       FROM app.base_layers b ORDER BY b.zindex`,
    [base],
  )
}

/** The demo base layers: OpenStreetMap (default) and an offline one served by this server. */
async function loadBaseLayers(db: Queryable): Promise<void> {
  await db.exec(`
    INSERT INTO app.base_layers (type, name, description, url, visible, active, "group", zmin, zmax,
                                 zindex, options) VALUES
    ('osm', 'OpenStreetMap', 'Mapa colaborativo OpenStreetMap (requer internet)',
     'https://tile.openstreetmap.org/{z}/{x}/{y}.png', true, true, 'base', 0, 19, 0, '{}'),
    ('geojson', 'Limites mundiais (offline)',
     'Fronteiras dos países (Natural Earth 1:50m), servidas por este servidor; funciona sem internet',
     '/api/base-layers/offline/natural-earth.geojson', false, true, 'base', 0, 24, 1,
     '{"fill": "#f5f3ea", "stroke": "#8d8d8d", "background": "#cfe3f2"}')`)
}

/**
 * The demo layers of the road concession: tables in schema data with deterministic data, the
 * catalogue, base layers and the layer tree. Triggers are attached after the bulk load.
 */
export async function seedDemoLayers(db: Queryable): Promise<void> {
  for (const def of DEMO_LAYERS) {
    await createLayerTable(db, def.name, def.geometryType, def.fields)
    await db.query(
      `INSERT INTO app.layers (name, title, table_name, geometry_type, queryable, managed,
         attributes, layout, fields_format, domains, style)
       VALUES ($1, $2, $1, $3, true, true, $4::text::jsonb, $5::text::jsonb, $6::text::jsonb,
               $7::text::jsonb, $8::text::jsonb)`,
      [
        def.name,
        def.title,
        def.geometryType,
        JSON.stringify(
          def.fields.map((f) => ({
            name: f.name,
            type: f.type,
            maxLength: f.maxLength ?? null,
            title: f.title,
            tooltip: f.tooltip ?? '',
          })),
        ),
        JSON.stringify(def.layout),
        JSON.stringify(
          def.fields.map((f) => ({ name: f.name, title: f.title, tooltip: f.tooltip ?? '' })),
        ),
        JSON.stringify(def.domains),
        JSON.stringify(def.style),
      ],
    )
  }
  await loadData(db)
  for (const def of DEMO_LAYERS) {
    await attachLayerTriggers(db, def.name)
    await db.query('SELECT app.refresh_layer_extent($1)', [def.name])
  }
  await db.exec('UPDATE app.layers SET data_version = 1')
  await loadBaseLayers(db)
  await loadTree(db)
}
