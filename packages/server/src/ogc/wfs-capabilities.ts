import { publicFields, type CatalogueLayer } from '../layer-data/model'
import { escapeXml } from './ows-errors'
import { SERVED_URNS } from './crs'
import { COUNT_DEFAULT, type WfsVersion } from './wfs-request'

/** Namespace and prefix of our feature types. */
export const FEATURE_NS = 'urn:x-gis-web:features'
export const FEATURE_PREFIX = 'gis'

export const GML32_FORMAT = 'application/gml+xml; version=3.2'
export const GML31_FORMAT = 'text/xml; subtype=gml/3.1.1'
const GEOJSON_FORMATS = ['application/json', 'application/geo+json']

/** Namespaces of each version: WFS, OWS, the filter encoding and GML. */
export const NS = {
  '2.0.0': {
    wfs: 'http://www.opengis.net/wfs/2.0',
    ows: 'http://www.opengis.net/ows/1.1',
    gml: 'http://www.opengis.net/gml/3.2',
  },
  '1.1.0': {
    wfs: 'http://www.opengis.net/wfs',
    ows: 'http://www.opengis.net/ows',
    gml: 'http://www.opengis.net/gml',
  },
} as const

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

const wgs84Box = (l: CatalogueLayer) =>
  l.extent
    ? `<ows:WGS84BoundingBox><ows:LowerCorner>${l.extent[0]} ${l.extent[1]}</ows:LowerCorner><ows:UpperCorner>${l.extent[2]} ${l.extent[3]}</ows:UpperCorner></ows:WGS84BoundingBox>`
    : ''

const operation = (href: string, name: string, extra = '', postOnly = false) =>
  `<ows:Operation name="${name}"><ows:DCP><ows:HTTP>${postOnly ? '' : `<ows:Get xlink:href="${href}"/>`}<ows:Post xlink:href="${href}"/></ows:HTTP></ows:DCP>${extra}</ows:Operation>`

/** Transaction takes XML only; what it may do (Insert, Update, Delete) is in each version's terms. */
const transaction = (href: string) => operation(href, 'Transaction', '', true)

const allowed = (name: string, values: string[]) =>
  `<ows:Parameter name="${name}"><ows:AllowedValues>${values.map((v) => `<ows:Value>${escapeXml(v)}</ows:Value>`).join('')}</ows:AllowedValues></ows:Parameter>`

const listed = (name: string, values: string[]) =>
  `<ows:Parameter name="${name}">${values.map((v) => `<ows:Value>${escapeXml(v)}</ows:Value>`).join('')}</ows:Parameter>`

/** A feature type's systems: the storage system by default, every other served one besides. */
const otherSystems = (word: 'CRS' | 'SRS') =>
  SERVED_URNS.map((urn, i) =>
    i === 0
      ? `<wfs:Default${word}>${urn}</wfs:Default${word}>`
      : `<wfs:Other${word}>${urn}</wfs:Other${word}>`,
  ).join('')

/** GetCapabilities of the given version; `url` is the service address for every operation. */
export function capabilitiesXml(
  layers: CatalogueLayer[],
  url: string,
  version: WfsVersion,
): string {
  return version === '1.1.0' ? capabilities11(layers, url) : capabilities20(layers, url)
}

function capabilities20(layers: CatalogueLayer[], url: string): string {
  const href = escapeXml(url)
  const constraint = (name: string, value: string) =>
    `<ows:Constraint name="${name}"><ows:NoValues/><ows:DefaultValue>${value}</ows:DefaultValue></ows:Constraint>`
  const formats = [GML32_FORMAT, GML31_FORMAT, ...GEOJSON_FORMATS]
  const types = layers
    .map(
      (l) =>
        `<wfs:FeatureType><wfs:Name>${FEATURE_PREFIX}:${l.name}</wfs:Name><wfs:Title>${escapeXml(l.title)}</wfs:Title>${otherSystems('CRS')}<wfs:OutputFormats>${formats.map((f) => `<wfs:Format>${escapeXml(f)}</wfs:Format>`).join('')}</wfs:OutputFormats>${wgs84Box(l)}</wfs:FeatureType>`,
    )
    .join('\n    ')
  const { wfs, ows, gml } = NS['2.0.0']
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="${wfs}" xmlns:ows="${ows}" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="${gml}" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" xsi:schemaLocation="http://www.opengis.net/wfs/2.0 http://schemas.opengis.net/wfs/2.0/wfs.xsd">
  <ows:ServiceIdentification><ows:Title>Serviço de feições (WFS)</ows:Title><ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion><ows:ServiceTypeVersion>1.1.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <ows:OperationsMetadata>
    ${operation(href, 'GetCapabilities', listed('AcceptVersions', ['2.0.0', '1.1.0']))}
    ${operation(href, 'DescribeFeatureType')}
    ${operation(href, 'GetFeature', allowed('outputFormat', formats) + allowed('resultType', ['results', 'hits']))}
    ${operation(href, 'GetFeatureWithLock', allowed('outputFormat', [GML32_FORMAT, GML31_FORMAT]))}
    ${operation(href, 'LockFeature')}
    ${transaction(href)}
    ${constraint('ImplementsBasicWFS', 'TRUE')}
    ${constraint('ImplementsTransactionalWFS', 'TRUE')}
    ${constraint('ImplementsLockingWFS', 'TRUE')}
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
    ${constraint('CountDefault', String(COUNT_DEFAULT))}
  </ows:OperationsMetadata>
  <wfs:FeatureTypeList>
    ${types}
  </wfs:FeatureTypeList>
  <fes:Filter_Capabilities>
    <fes:Conformance>${['ImplementsQuery', 'ImplementsAdHocQuery', 'ImplementsResourceId', 'ImplementsMinStandardFilter', 'ImplementsStandardFilter', 'ImplementsMinSpatialFilter', 'ImplementsSpatialFilter', 'ImplementsSorting', 'ImplementsMinimumXPath'].map((c) => `<fes:Constraint name="${c}"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue></fes:Constraint>`).join('')}</fes:Conformance>
    <fes:Id_Capabilities><fes:ResourceIdentifier name="fes:ResourceId"/></fes:Id_Capabilities>
    <fes:Scalar_Capabilities><fes:LogicalOperators/><fes:ComparisonOperators>${['PropertyIsEqualTo', 'PropertyIsNotEqualTo', 'PropertyIsLessThan', 'PropertyIsGreaterThan', 'PropertyIsLessThanOrEqualTo', 'PropertyIsGreaterThanOrEqualTo', 'PropertyIsLike', 'PropertyIsNull', 'PropertyIsBetween'].map((c) => `<fes:ComparisonOperator name="${c}"/>`).join('')}</fes:ComparisonOperators></fes:Scalar_Capabilities>
    <fes:Spatial_Capabilities><fes:GeometryOperands><fes:GeometryOperand name="gml:Envelope"/><fes:GeometryOperand name="gml:Point"/><fes:GeometryOperand name="gml:LineString"/><fes:GeometryOperand name="gml:Polygon"/></fes:GeometryOperands><fes:SpatialOperators><fes:SpatialOperator name="BBOX"/><fes:SpatialOperator name="Intersects"/></fes:SpatialOperators></fes:Spatial_Capabilities>
  </fes:Filter_Capabilities>
</wfs:WFS_Capabilities>
`
}

/** What a 1.1.0 client may do with every type (the caller's flags are checked at each write). */
const OPERATIONS_11 = ['Query', 'Insert', 'Update', 'Delete', 'Lock']
  .map((o) => `<wfs:Operation>${o}</wfs:Operation>`)
  .join('')

function capabilities11(layers: CatalogueLayer[], url: string): string {
  const href = escapeXml(url)
  const formats = [GML31_FORMAT, ...GEOJSON_FORMATS]
  const types = layers
    .map(
      (l) =>
        `<wfs:FeatureType><wfs:Name>${FEATURE_PREFIX}:${l.name}</wfs:Name><wfs:Title>${escapeXml(l.title)}</wfs:Title>${otherSystems('SRS')}<wfs:Operations>${OPERATIONS_11}</wfs:Operations><wfs:OutputFormats>${formats.map((f) => `<wfs:Format>${escapeXml(f)}</wfs:Format>`).join('')}</wfs:OutputFormats>${wgs84Box(l)}</wfs:FeatureType>`,
    )
    .join('\n    ')
  const { wfs, ows, gml } = NS['1.1.0']
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="1.1.0" xmlns:wfs="${wfs}" xmlns:ows="${ows}" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="${gml}" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" xsi:schemaLocation="http://www.opengis.net/wfs http://schemas.opengis.net/wfs/1.1.0/wfs.xsd">
  <ows:ServiceIdentification><ows:Title>Serviço de feições (WFS)</ows:Title><ows:ServiceType>WFS</ows:ServiceType><ows:ServiceTypeVersion>1.1.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
  <ows:OperationsMetadata>
    ${operation(href, 'GetCapabilities', listed('AcceptVersions', ['2.0.0', '1.1.0']))}
    ${operation(href, 'DescribeFeatureType', allowed('outputFormat', [GML31_FORMAT]))}
    ${operation(href, 'GetFeature', allowed('outputFormat', formats) + allowed('resultType', ['results', 'hits']))}
    ${operation(href, 'GetFeatureWithLock', allowed('outputFormat', [GML31_FORMAT]))}
    ${operation(href, 'LockFeature')}
    ${transaction(href)}
  </ows:OperationsMetadata>
  <wfs:FeatureTypeList>
    <wfs:Operations>${OPERATIONS_11}</wfs:Operations>
    ${types}
  </wfs:FeatureTypeList>
  <ogc:Filter_Capabilities>
    <ogc:Spatial_Capabilities><ogc:GeometryOperands><ogc:GeometryOperand>gml:Envelope</ogc:GeometryOperand><ogc:GeometryOperand>gml:Point</ogc:GeometryOperand><ogc:GeometryOperand>gml:LineString</ogc:GeometryOperand><ogc:GeometryOperand>gml:Polygon</ogc:GeometryOperand></ogc:GeometryOperands><ogc:SpatialOperators><ogc:SpatialOperator name="BBOX"/><ogc:SpatialOperator name="Intersects"/></ogc:SpatialOperators></ogc:Spatial_Capabilities>
    <ogc:Scalar_Capabilities><ogc:LogicalOperators/><ogc:ComparisonOperators>${['EqualTo', 'NotEqualTo', 'LessThan', 'GreaterThan', 'LessThanEqualTo', 'GreaterThanEqualTo', 'Like', 'Between', 'NullCheck'].map((c) => `<ogc:ComparisonOperator>${c}</ogc:ComparisonOperator>`).join('')}</ogc:ComparisonOperators></ogc:Scalar_Capabilities>
    <ogc:Id_Capabilities><ogc:FID/><ogc:EID/></ogc:Id_Capabilities>
  </ogc:Filter_Capabilities>
</wfs:WFS_Capabilities>
`
}

/** The WFS properties of a layer, in the order of its schema and of its GML (geometry first). */
export function wfsProperties(layer: CatalogueLayer): { name: string; type: string }[] {
  const fields = publicFields(layer)
  return [
    ...fields.filter((f) => f.type === 'geometry'),
    ...fields.filter((f) => f.type !== 'geometry'),
  ]
}

/** An XML schema of the given feature types (GML 3.2 for 2.0.0, GML 3.1.1 for 1.1.0). */
export function describeFeatureTypeXml(layers: CatalogueLayer[], version: WfsVersion): string {
  const gml = NS[version].gml
  const [gmlSchema, base, group] =
    version === '1.1.0'
      ? [
          'http://schemas.opengis.net/gml/3.1.1/base/gml.xsd',
          'gml:AbstractFeatureType',
          'gml:_Feature',
        ]
      : [
          'http://schemas.opengis.net/gml/3.2.1/gml.xsd',
          'gml:AbstractFeatureType',
          'gml:AbstractFeature',
        ]
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
      <xsd:extension base="${base}">
        <xsd:sequence>
          ${elements}
        </xsd:sequence>
      </xsd:extension>
    </xsd:complexContent>
  </xsd:complexType>
  <xsd:element name="${l.name}" type="${FEATURE_PREFIX}:${l.name}Type" substitutionGroup="${group}"/>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:gml="${gml}" xmlns:${FEATURE_PREFIX}="${FEATURE_NS}" targetNamespace="${FEATURE_NS}" elementFormDefault="qualified" version="1.0">
  <xsd:import namespace="${gml}" schemaLocation="${gmlSchema}"/>
${types}
</xsd:schema>
`
}
