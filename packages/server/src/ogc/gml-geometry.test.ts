import { describe, expect, it } from 'vitest'
import { DEFAULT_CRS } from './crs'
import { gmlGeometry } from './gml-geometry'
import { OwsError } from './ows-errors'
import { elements, parseUntrustedXml } from './xml'

const GML = 'xmlns:gml="http://www.opengis.net/gml/3.2"'

/** The WKT of a GML geometry (its root element written without the namespace declaration). */
function read(xml: string) {
  const doc = parseUntrustedXml(xml.replace(/^<gml:(\w+)/, `<gml:$1 ${GML}`))
  const [root] = elements(doc)
  return gmlGeometry(root!.name, root!.node, DEFAULT_CRS)
}

describe('gmlGeometry', () => {
  it('reads the forms QGIS and GDAL write, in the axis order of their CRS', () => {
    expect(
      read(
        '<gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>-23.5 -47.4</gml:pos></gml:Point>',
      ),
    ).toEqual({ wkt: 'POINT(-47.4 -23.5)', srid: 4326 })
    expect(
      read(
        '<gml:Point srsName="EPSG:4326"><gml:coordinates>-47.4,-23.5</gml:coordinates></gml:Point>',
      ).wkt,
    ).toBe('POINT(-47.4 -23.5)')
    expect(
      read(
        '<gml:Point srsName="EPSG:3857"><gml:pos srsDimension="3">-5276000 -2692000 10</gml:pos></gml:Point>',
      ),
    ).toEqual({ wkt: 'POINT(-5276000 -2692000)', srid: 3857 })
    expect(
      read(
        '<gml:MultiCurve srsName="EPSG:4326"><gml:curveMember><gml:Curve><gml:segments><gml:LineStringSegment><gml:posList>0 0 1 1</gml:posList></gml:LineStringSegment><gml:LineStringSegment><gml:posList>1 1 2 1</gml:posList></gml:LineStringSegment></gml:segments></gml:Curve></gml:curveMember><gml:curveMember><gml:LineString><gml:posList srsDimension="3">5 5 0 6 6 0</gml:posList></gml:LineString></gml:curveMember></gml:MultiCurve>',
      ).wkt,
    ).toBe('MULTILINESTRING((0 0,1 1,2 1),(5 5,6 6))')
    expect(
      read(
        '<gml:MultiPoint srsName="EPSG:4326"><gml:pointMembers><gml:Point><gml:pos>1 2</gml:pos></gml:Point><gml:Point><gml:pos>3 4</gml:pos></gml:Point></gml:pointMembers></gml:MultiPoint>',
      ).wkt,
    ).toBe('MULTIPOINT((1 2),(3 4))')
    expect(
      read(
        '<gml:MultiSurface srsName="EPSG:4326"><gml:surfaceMember><gml:Surface><gml:patches><gml:PolygonPatch><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1 0 0</gml:posList></gml:LinearRing></gml:exterior></gml:PolygonPatch></gml:patches></gml:Surface></gml:surfaceMember><gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>5 5 6 5 6 6 5 5</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>5.1 5.1 5.2 5.1 5.2 5.2 5.1 5.1</gml:posList></gml:LinearRing></gml:interior></gml:Polygon></gml:surfaceMember></gml:MultiSurface>',
      ).wkt,
    ).toBe(
      'MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5),(5.1 5.1,5.2 5.1,5.2 5.2,5.1 5.1)))',
    )
  })

  it('refuses what PostGIS could not read, and CRSes not advertised', () => {
    const bad = [
      '<gml:Point srsName="EPSG:4326"><gml:pos>1</gml:pos></gml:Point>',
      '<gml:Point srsName="EPSG:4326"><gml:pos>1 x</gml:pos></gml:Point>',
      '<gml:LineString srsName="EPSG:4326"><gml:posList>1 2</gml:posList></gml:LineString>',
      '<gml:Polygon srsName="EPSG:4326"><gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1 0 1</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>',
      '<gml:MultiPolygon srsName="EPSG:4326"></gml:MultiPolygon>',
      '<gml:MultiPoint srsName="EPSG:4326"><gml:pointMember><gml:LineString><gml:posList>0 0 1 1</gml:posList></gml:LineString></gml:pointMember></gml:MultiPoint>',
      '<gml:Point srsName="EPSG:32723"><gml:pos>1 2</gml:pos></gml:Point>',
      '<gml:Point srsName="EPSG:3857"><gml:pos>1e9 2</gml:pos></gml:Point>',
      '<gml:Solid srsName="EPSG:4326"/>',
    ]
    for (const xml of bad) expect(() => read(xml), xml).toThrow(OwsError)
  })
})
