import { useState } from 'react'
import {
  readUtmFields,
  type CoordinateSystem,
  type PastedPosition,
} from '../../map/coordinate-system'
import { readDegrees, validLatitude, validLongitude, type LatLon } from '../../map/coordinates'
import { EASTING_RANGE, NORTHING_RANGE, UTM_ZONES } from '../../map/utm'

export interface UtmFields {
  zone: string
  easting: string
  northing: string
}

const EMPTY_UTM: UtmFields = { zone: '', easting: '', northing: '' }
const inRange = (value: number, [min, max]: readonly [number, number]) =>
  value >= min && value <= max
const filled = (text: string) => text.trim() !== ''

/**
 * The coordinates panel's typed fields: Y and X in degrees, Zona, E and N in UTM, each system
 * keeping its own, as typed; which field is wrong, and the place they name in the shown
 * system (null until they name one).
 */
export function useCoordinateFields(system: CoordinateSystem) {
  const [y, setY] = useState('')
  const [x, setX] = useState('')
  const [utm, setUtm] = useState(EMPTY_UTM)

  const lat = readDegrees(y)
  const lon = readDegrees(x)
  const typed = readUtmFields(utm)
  const errors = {
    y: filled(y) && !validLatitude(lat),
    x: filled(x) && !validLongitude(lon),
    zone: filled(utm.zone) && !UTM_ZONES.includes(typed.position.zone),
    easting: filled(utm.easting) && !inRange(typed.position.easting, EASTING_RANGE),
    northing: filled(utm.northing) && !inRange(typed.position.northing, NORTHING_RANGE),
  }
  const target: LatLon | null =
    system === 'utm'
      ? typed.at
      : filled(y) && filled(x) && !errors.y && !errors.x
        ? { lat, lon }
        : null

  return {
    y,
    x,
    utm,
    errors,
    target,
    /** The typed UTM position, read (for a marker's label). */
    utmPosition: typed.position,
    setY,
    setX,
    setUtm: (change: Partial<UtmFields>) => setUtm((u) => ({ ...u, ...change })),
    /** A pasted position into its system's fields, as written. */
    fill: (pasted: PastedPosition) => {
      if (pasted.system === 'degrees') {
        setY(pasted.lat)
        setX(pasted.lon)
      } else setUtm({ zone: pasted.zone, easting: pasted.easting, northing: pasted.northing })
    },
    swap: () => {
      if (system === 'utm') setUtm((u) => ({ ...u, easting: u.northing, northing: u.easting }))
      else {
        setY(x)
        setX(y)
      }
    },
    clear: () => {
      setY('')
      setX('')
      setUtm(EMPTY_UTM)
    },
  }
}

export type CoordinateFieldsState = ReturnType<typeof useCoordinateFields>
