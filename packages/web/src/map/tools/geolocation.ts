import type { MessageKey } from '@gis/shared/i18n'
import Feature from 'ol/Feature'
import { circular } from 'ol/geom/Polygon'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import { fromLonLat } from 'ol/proj'
import VectorSource from 'ol/source/Vector'
import CircleStyle from 'ol/style/Circle'
import Fill from 'ol/style/Fill'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { GEOLOCATION_OPTIONS, LOCATE_MAX_ZOOM } from '../constants'
import { useMap } from '../map-context'

export type LocateMessage =
  { kind: 'success'; lat: number; lon: number } | { kind: 'error'; key: MessageKey }

/** The spec's message for a geolocation error code (spec 2 section 8). */
export function geolocationErrorKey(code: number | null): MessageKey {
  switch (code) {
    case 1:
      return 'map.locate.denied'
    case 2:
      return 'map.locate.unavailable'
    case 3:
      return 'map.locate.timeout'
    case null:
      return 'map.locate.unsupported'
    default:
      return 'map.locate.unknown'
  }
}

const positionStyle = new Style({
  image: new CircleStyle({
    radius: 8,
    fill: new Fill({ color: '#1e88e5' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})
const accuracyStyle = new Style({
  fill: new Fill({ color: 'rgba(30, 136, 229, 0.12)' }),
  stroke: new Stroke({ color: 'rgba(30, 136, 229, 0.6)', width: 1 }),
})

/**
 * My location: asks the browser once (high accuracy, 5 s timeout, positions up to 10 s old),
 * centres the map on the position and its accuracy circle (zoom at most 15), then follows
 * the user in the background until stopped; the background watcher stops on an error and
 * never reports its timeouts.
 */
export function useGeolocation(onMessage: (message: LocateMessage) => void) {
  const map = useMap()
  const report = useRef(onMessage)
  report.current = onMessage
  const watch = useRef<number | null>(null)
  const [following, setFollowing] = useState(false)
  const { layer, source } = useMemo(() => {
    const source = new VectorSource()
    return { source, layer: new VectorLayer({ source, zIndex: 10_003 }) }
  }, [])

  useEffect(() => {
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
      if (watch.current !== null) navigator.geolocation?.clearWatch(watch.current)
      watch.current = null
    }
  }, [map, layer])

  const draw = useCallback(
    (position: GeolocationPosition) => {
      const { longitude, latitude, accuracy } = position.coords
      const accuracyArea = circular([longitude, latitude], Math.max(accuracy, 1), 64).transform(
        'EPSG:4326',
        'EPSG:3857',
      )
      const circle = new Feature(accuracyArea)
      circle.setStyle(accuracyStyle)
      const point = new Feature(new Point(fromLonLat([longitude, latitude])))
      point.setStyle(positionStyle)
      source.clear(true)
      source.addFeatures([circle, point])
      return accuracyArea.getExtent()
    },
    [source],
  )

  const stop = useCallback(() => {
    if (watch.current !== null) navigator.geolocation?.clearWatch(watch.current)
    watch.current = null
    source.clear()
    setFollowing(false)
  }, [source])

  const locate = useCallback(() => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      report.current({ kind: 'error', key: geolocationErrorKey(null) })
      return
    }
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const extent = draw(position)
        map
          .getView()
          .fit(extent, { maxZoom: LOCATE_MAX_ZOOM, duration: 300, padding: [48, 48, 48, 48] })
        report.current({
          kind: 'success',
          lat: position.coords.latitude,
          lon: position.coords.longitude,
        })
        if (watch.current !== null) navigator.geolocation.clearWatch(watch.current)
        watch.current = navigator.geolocation.watchPosition(
          (next) => draw(next),
          (error) => {
            // The background watcher stops on an error; its timeouts are not shown.
            if (watch.current !== null) navigator.geolocation.clearWatch(watch.current)
            watch.current = null
            setFollowing(false)
            if (error.code !== error.TIMEOUT) {
              report.current({ kind: 'error', key: geolocationErrorKey(error.code) })
            }
          },
          GEOLOCATION_OPTIONS,
        )
        setFollowing(true)
      },
      (error) => {
        setFollowing(false)
        report.current({ kind: 'error', key: geolocationErrorKey(error.code) })
      },
      GEOLOCATION_OPTIONS,
    )
  }, [map, draw])

  return { locate, stop, following }
}
