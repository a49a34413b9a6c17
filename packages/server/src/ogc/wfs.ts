import type { Queryable } from '../db/types'
import type { CatalogueLayer } from '../modules/layers/catalogue'
import { quoteIdent } from '../modules/layers/layer-tables'
import type { Crs } from './crs'
import { escapeXml, OwsError } from './ows-errors'
import { checkProperty, filterSql, propertyTypes } from './wfs-filter'
import { MAX_FEATURES, type FeatureQuery, type GetFeatureRequest } from './wfs-request'

/** Namespace and prefix of our feature types. */
export const FEATURE_NS = 'urn:x-gis-web:features'
export const FEATURE_PREFIX = 'gis'

const GEOJSON_FORMATS = ['application/json', 'application/geo+json']
const GML_FORMAT = 'application/gml+xml; version=3.2'

const GML_TYPES: Record<string, string> = {
  point: 'gml:PointPropertyType',
  multipoint: 'gml:MultiPointPropertyType',
  linestring: 'gml:CurvePropertyType',
  multilinestring: 'gml:MultiCurvePropertyType',
  polygon: 'gml:SurfacePropertyType',
  multipolygon: 'gml:MultiSurfacePropertyType',
}
const XSD_TYPES: Record<string, string> = {
  string: 'xsd:string',
  number: 'xsd:double',
  boolean: 'xsd:boolean',
  datetime: 'xsd:dateTime',
  date: 'xsd:date',
  time: 'xsd:time',
}

/** The WFS properties of a layer, in the order of its schema and of its GML. */
export function wfsProperties(layer: CatalogueLayer): { name: string; type: string }[] {
  const types = propertyTypes(layer)
  const names = [
    ...(layer.geometryType === 'TABULAR' ? [] : ['geom']),
    'id',
    'uuid',
    'm_o_d_i_f_',
    ...layer.attributes.map((a) => a.name),
  ]
  return names.map((name) => ({ name, type: types.get(name)! }))
}

export function capabilitiesXml(layers: CatalogueLayer[], url: string): string {
  const href = escapeXml(url)
  const op = (name: string, extra = '') =>
    `<ows:Operation name="${name}"><ows:DCP><ows:HTTP><ows:Get xlink:href="${href}"/><ows:Post xlink:href="${href}"/></ows:HTTP></ows:DCP>${extra}</ows:Operation>`
  const constraint = (name: string, value: string) =>
    `<ows:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value}</ows:DefaultValue></ows:Constraint>`
  const formats = [GML_FORMAT, ...GEOJSON_FORMATS]
  const types = layers
    .map((l) => {
      const bbox = l.extent
        ? `<ows:WGS84BoundingBox><ows:LowerCorner>${l.extent[0]} ${l.extent[1]}</ows:LowerCorner><ows:UpperCorner>${l.extent[2]} ${l.extent[3]}</ows:UpperCorner></ows:WGS84BoundingBox>`
        : ''
      return `<wfs:FeatureType><wfs:Name>${FEATURE_PREFIX}:${l.name}</wfs:Name><wfs:Title>${escapeXml(l.title)}</wfs:Title><wfs:DefaultCRS>urn:ogc:def:crs:EPSG::4326</wfs:DefaultCRS><wfs:OtherCRS>urn:ogc:def:crs:EPSG::3857</wfs:OtherCRS><wfs:OutputFormats>${formats.map((f) => `<wfs:Format>${f}</wfs:Format>`).join('')}</wfs:OutputFormats>${bbox}</wfs:FeatureType>`
    })
    .join('\n    ')
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd">
  <ows:ServiceIdentification><ows:Title>Serviço de feições (WFS)</ows:Title><ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <ows:OperationsMetadata>
    ${op('GetCapabilities')}
    ${op('DescribeFeatureType')}
    ${op('GetFeature', `<ows:Parameter name="outputFormat"><ows:AllowedValues>${formats.map((f) => `<ows:Value>${f}</ows:Value>`).join('')}</ows:AllowedValues></ows:Parameter><ows:Parameter name="resultType"><ows:AllowedValues><ows:Value>results</ows:Value><ows:Value>hits</ows:Value></ows:AllowedValues></ows:Parameter>`)}
    ${constraint('ImplementsBasicWFS', 'TRUE')}
    ${constraint('ImplementsTransactionalWFS', 'FALSE')}
    ${constraint('ImplementsLockingWFS', 'FALSE')}
    ${constraint('KVPEncoding', 'TRUE')}
    ${constraint('XMLEncoding', 'TRUE')}
    ${constraint('SOAPEncoding', 'FALSE')}
    ${constraint('ImplementsInheritance', 'FALSE')}
    ${constraint('ImplementsRemoteResolve', 'FALSE')}
    ${constraint('ImplementsResultPaging', 'TRUE')}
    ${constraint('ImplementsStandardJoins', 'FALSE')}
    ${constraint('ImplementsSpatialJoins', 'FALSE')}
    ${constraint('ImplementsTemporalJoins', 'FALSE')}
    ${constraint('ImplementsFeatureVersioning', 'FALSE')}
    ${constraint('ManageStoredQueries', 'FALSE')}
    ${constraint('CountDefault', String(MAX_FEATURES))}
  </ows:OperationsMetadata>
  <wfs:FeatureTypeList>
    ${types}
  </wfs:FeatureTypeList>
  <fes:Filter_Capabilities>
    <fes:Conformance>${['ImplementsQuery', 'ImplementsAdHocQuery', 'ImplementsResourceId', 'ImplementsMinStandardFilter', 'ImplementsStandardFilter', 'ImplementsMinSpatialFilter', 'ImplementsSpatialFilter', 'ImplementsSorting', 'ImplementsMinimumXPath'].map((c) => `<fes:Constraint name="${c}"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></fes:Constraint>`).join('')}</fes:Conformance>
    <fes:Id_Capabilities><fes:ResourceIdentifier name="fes:ResourceId"/></fes:Id_Capabilities>
    <fes:Scalar_Capabilities><fes:LogicalOperators/><fes:ComparisonOperators>${['PropertyIsEqualTo', 'PropertyIsNotEqualTo', 'PropertyIsLessThan', 'PropertyIsGreaterThan', 'PropertyIsLessThanOrEqualTo', 'PropertyIsGreaterThanOrEqualTo', 'PropertyIsLike', 'PropertyIsNull'].map((c) => `<fes:ComparisonOperator name="${c}"/>`).join('')}</fes:ComparisonOperators></fes:Scalar_Capabilities>
    <fes:Spatial_Capabilities><fes:GeometryOperands><fes:GeometryOperand name="gml:Envelope"/><fes:GeometryOperand name="gml:Point"/><fes:GeometryOperand name="gml:LineString"/><fes:GeometryOperand name="gml:Polygon"/></fes:GeometryOperands><fes:SpatialOperators><fes:SpatialOperator name="BBOX"/><fes:SpatialOperator name="Intersects"/></fes:SpatialOperators></fes:Spatial_Capabilities>
  </fes:Filter_Capabilities>
</wfs:WFS_Capabilities>
`
}

export function describeFeatureTypeXml(layers: CatalogueLayer[]): string {
  const types = layers
    .map((l) => {
      const elements = wfsProperties(l)
        .map((p) => {
          const type =
            p.type === 'geometry'
              ? GML_TYPES[l.geometryType]!
              : p.name === 'id'
                ? 'xsd:long'
                : (XSD_TYPES[p.type] ?? 'xsd:string')
          return `<xsd:element name="${p.name}" type="${type}" minOccurs="0" maxOccurs="1" nillable="true"/>`
        })
        .join('\n          ')
      return `  <xsd:complexType name="${l.name}Type">
    <xsd:complexContent>
      <xsd:extension base="gml:AbstractFeatureType">
        <xsd:sequence>
          ${elements}
        </xsd:sequence>
      </xsd:extension>
    </xsd:complexContent>
  </xsd:complexType>
  <xsd:element name="${l.name}" type="${FEATURE_PREFIX}:${l.name}Type" substitutionGroup="gml:AbstractFeature"/>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" targetNamespace="${FEATURE_NS}" elementFormDefault="qualified" version="1.0">
  <xsd:import namespace="http://www.opengis.net/gml/3.2" schemaLocation="http://schemas.opengis.net/gml/3.2.1/gml.xsd"/>
${types}
</xsd:schema>
`
}

interface CompiledQuery {
  layer: CatalogueLayer
  where: string
  params: unknown[]
  orderBy: string
  props: { name: string; type: string }[]
  withGeometry: boolean
  srs: Crs
}

/** Validates the query against the catalogue and compiles it to SQL pieces. */
export function compileQuery(layer: CatalogueLayer, q: FeatureQuery, srs: Crs): CompiledQuery {
  const params: unknown[] = []
  const where = ['NOT t.d_e_l_e_t_']
  if (q.filter) where.push(filterSql(layer, q.filter, params))
  const all = wfsProperties(layer)
  let props = all
  if (q.propertyNames?.length) {
    const wanted = new Set(q.propertyNames.map((n) => (checkProperty(layer, n), n)))
    props = all.filter((p) => wanted.has(p.name))
  }
  const order = (q.sortBy ?? []).map((s) => {
    const type = checkProperty(layer, s.prop)
    if (type === 'geometry') {
      throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'sortBy', {
        name: 'SORTBY',
      })
    }
    return `t.${quoteIdent(s.prop)} ${s.desc ? 'DESC' : 'ASC'} NULLS LAST`
  })
  return {
    layer,
    where: where.join(' AND '),
    params,
    orderBy: [...order, 't.id'].join(', '),
    props: props.filter((p) => p.type !== 'geometry'),
    withGeometry: props.some((p) => p.type === 'geometry'),
    srs: q.srs ?? srs,
  }
}

const table = (l: CatalogueLayer) => `${quoteIdent(l.tableSchema)}.${quoteIdent(l.tableName)}`

/**
 * The rows of one page. Answers are computed over it, outside: PostgreSQL evaluates a select
 * list for the rows an OFFSET skips too, which made deep pages cost as much as all before.
 */
function page(c: CompiledQuery, limit: string, offset: string): string {
  return `SELECT t.* FROM ${table(c.layer)} t WHERE ${c.where} ORDER BY ${c.orderBy} LIMIT ${limit} OFFSET ${offset}`
}

export async function countFeatures(db: Queryable, c: CompiledQuery): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table(c.layer)} t WHERE ${c.where}`,
    c.params,
  )
  return rows[0]?.n ?? 0
}

function geometrySql(c: CompiledQuery, format: 'geojson' | 'gml', idParam: string): string {
  if (!c.withGeometry) return 'NULL::text'
  const geom = c.srs.srid === 3857 ? 'ST_Transform(t.geom, 3857)' : 't.geom'
  const digits = c.srs.srid === 3857 ? 2 : 7
  if (format === 'geojson') return `ST_AsGeoJSON(${geom}, ${digits})`
  // GML 3 (3.2 element names), LineString instead of Curve, URN names lat/lon for 4326.
  const options = c.srs.srid === 4326 && !c.srs.latLon ? 4 : 1 | 4 | (c.srs.latLon ? 16 : 0)
  return `ST_AsGML(3, ${geom}, ${digits}, ${options}, 'gml', ${idParam} || '.' || t.id || '.geom')`
}

/**
 * The GeoJSON SQL of one compiled query: one row, the number of features and their text
 * joined in order, built by the database so the server passes it through without parsing.
 */
export function geojsonSql(c: CompiledQuery, limit: number, offset: number) {
  const params = [...c.params]
  const lim = `$${params.push(limit)}`
  const off = `$${params.push(offset)}`
  const prefix = `$${params.push(`{"type":"Feature","id":"${c.layer.name}.`)}::text`
  const pairs = c.props.map((p) => `'${p.name}', t.${quoteIdent(p.name)}`)
  // json_build_object takes at most 100 arguments: larger layers are built in chunks.
  const chunks: string[] = []
  for (let i = 0; i < pairs.length; i += 40) {
    chunks.push(`jsonb_build_object(${pairs.slice(i, i + 40).join(', ')})`)
  }
  const props =
    pairs.length === 0
      ? `'{}'`
      : pairs.length <= 40
        ? `json_build_object(${pairs.join(', ')})::text`
        : `(${chunks.join(' || ')})::text`
  const text = `SELECT count(*)::int AS n, coalesce(string_agg(${prefix} || s.id || '","geometry":' ||
      coalesce(s.g, 'null') || ',"geometry_name":"geom","properties":' || s.p || '}', ',' ORDER BY s.rn), '') AS body
    FROM (SELECT t.id, ${geometrySql(c, 'geojson', '')} AS g, ${props} AS p,
                 row_number() OVER (ORDER BY ${c.orderBy}) AS rn
            FROM (${page(c, lim, off)}) t) s`
  return { text, params }
}

/** GeoJSON features of one compiled query: how many, and their text joined by commas. */
export async function geojsonFeatures(
  db: Queryable,
  c: CompiledQuery,
  limit: number,
  offset: number,
): Promise<{ count: number; body: string }> {
  const { text, params } = geojsonSql(c, limit, offset)
  const { rows } = await db.query<{ n: number; body: string }>(text, params, { prepare: true })
  return { count: rows[0]?.n ?? 0, body: rows[0]?.body ?? '' }
}

/** GML 3.2 wfs:member elements of one compiled query. */
export async function gmlMembers(
  db: Queryable,
  c: CompiledQuery,
  limit: number,
  offset: number,
): Promise<string[]> {
  const params = [...c.params]
  const layerParam = `$${params.push(c.layer.name)}::text`
  const lim = `$${params.push(limit)}`
  const off = `$${params.push(offset)}`
  const cols = c.props.map(
    (p) => `to_json(t.${quoteIdent(p.name)}) #>> '{}' AS ${quoteIdent(p.name)}`,
  )
  const { rows } = await db.query<
    Record<string, string | null> & { _id: number; _g: string | null }
  >(
    `SELECT t.id AS _id, ${geometrySql(c, 'gml', layerParam)} AS _g${cols.length ? `, ${cols.join(', ')}` : ''}
       FROM (${page(c, lim, off)}) t ORDER BY ${c.orderBy}`,
    params,
    { prepare: true },
  )
  const name = c.layer.name
  const p = FEATURE_PREFIX
  return rows.map((r) => {
    const parts: string[] = []
    if (c.withGeometry && r._g) parts.push(`<${p}:geom>${r._g}</${p}:geom>`)
    for (const prop of c.props) {
      const v = r[prop.name]
      if (v !== null && v !== undefined)
        parts.push(`<${p}:${prop.name}>${escapeXml(String(v))}</${p}:${prop.name}>`)
    }
    return `<wfs:member><${p}:${name} gml:id="${name}.${r._id}">${parts.join('')}</${p}:${name}></wfs:member>`
  })
}

/** Runs a GetFeature over the layers already checked against the caller's permissions. */
export async function getFeature(
  db: Queryable,
  req: GetFeatureRequest,
  layers: CatalogueLayer[],
): Promise<{ body: string; contentType: string }> {
  const compiled = req.queries.map((q, i) => compileQuery(layers[i]!, q, req.srs))
  const stamp = new Date().toISOString()
  if (req.resultType === 'hits') {
    let total = 0
    for (const c of compiled) total += await countFeatures(db, c)
    return req.outputFormat === 'geojson'
      ? {
          contentType: 'application/geo+json',
          body: `{"type":"FeatureCollection","numberMatched":${total},"numberReturned":0,"timeStamp":"${stamp}","features":[]}`,
        }
      : {
          contentType: 'application/gml+xml; version=3.2',
          body: `${collectionHead(stamp, String(total), 0)}</wfs:FeatureCollection>\n`,
        }
  }
  const parts: string[] = []
  let returned = 0
  let remaining = req.count
  let offset = req.startIndex
  for (const c of compiled) {
    if (remaining <= 0) break
    if (req.outputFormat === 'geojson') {
      const got = await geojsonFeatures(db, c, remaining, offset)
      if (got.count) parts.push(got.body)
      returned += got.count
      remaining -= got.count
    } else {
      const got = await gmlMembers(db, c, remaining, offset)
      parts.push(...got)
      returned += got.length
      remaining -= got.length
    }
    offset = 0
  }
  // Exact when the page was not full; otherwise unknown (counting would cost a second scan).
  const matched =
    returned < req.count && compiled.length === 1 && (returned > 0 || req.startIndex === 0)
      ? String(req.startIndex + returned)
      : 'unknown'
  if (req.outputFormat === 'geojson') {
    const crs =
      req.srs.srid === 3857
        ? ',"crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::3857"}}'
        : ''
    const numberMatched = matched === 'unknown' ? '' : `"numberMatched":${matched},`
    return {
      contentType: 'application/geo+json',
      body: `{"type":"FeatureCollection",${numberMatched}"numberReturned":${returned},"timeStamp":"${stamp}"${crs},"features":[${parts.join(',')}]}`,
    }
  }
  return {
    contentType: 'application/gml+xml; version=3.2',
    body: `${collectionHead(stamp, matched, returned)}\n${parts.join('\n')}\n</wfs:FeatureCollection>\n`,
  }
}

function collectionHead(stamp: string, matched: string, returned: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" timeStamp="${stamp}" numberMatched="${matched}" numberReturned="${returned}">`
}
