import type Feature from 'ol/Feature'
import type { FeatureLike } from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import Stroke from 'ol/style/Stroke'
import Style from 'ol/style/Style'
import { t } from '@gis/shared/i18n'
import type { EventTracks } from '@gis/shared/imagery'
import { useEffect, useMemo } from 'react'
import { api } from '../api/base-api'
import { useMap } from './map-context'

/**
 * The street-level imagery's survey tracks (issue 29 point 7): `GET /api/events/tracks`, a
 * GeoJSON FeatureCollection of LineStrings in EPSG:4326 (one per survey + road + way,
 * properties {survey, road, way, date}), fetched through RTK Query (the bearer token; the
 * call takes no `?token=`) and read into the map's projection. Each survey has its own
 * colour, given by the surveys' sorted order, so that the map page, the event viewer and the
 * orbit module colour a survey alike (`surveyLegend` lists them).
 *
 *   useSurveyTracks(visible)                    // inside MapCanvas: the layer on the map
 *   // or by hand:
 *   const layer = createSurveyTracksLayer()
 *   map.addLayer(layer)
 *   setSurveyTracks(layer, tracks)              // the answer of useGetSurveyTracksQuery()
 *   surveyLegend(layer)  // [{ survey: '2025-03', colour: '#e65100' }, …]
 */

/** Distinct, legible colours on light and dark base layers (surveys in sorted order). */
export const SURVEY_COLOURS = [
  '#e65100',
  '#1565c0',
  '#2e7d32',
  '#ad1457',
  '#6a1b9a',
  '#00838f',
  '#f9a825',
  '#4e342e',
] as const

/** Above the data layers (z 100 + n) of the map page. */
export const SURVEY_TRACKS_Z = 900

/** The layer's property that names it (the layer list shows `surveyTracksTitle()`). */
export const SURVEY_TRACKS_LAYER = 'surveyTracks'

const tracksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSurveyTracks: build.query<EventTracks, void>({
      query: () => '/api/events/tracks',
      keepUnusedDataFor: 300,
    }),
  }),
})

/** The tracks (RTK Query; cached five minutes). */
export const { useGetSurveyTracksQuery } = tracksApi

/** The layer's title in a layer list or legend: 'Imagens 360°'. */
export function surveyTracksTitle(): string {
  return t('smmcad.tracks.title')
}

/** The colour of `survey` among `surveys` (any order: they are sorted, de-duplicated). */
export function surveyColour(surveys: readonly string[], survey: string): string {
  const sorted = [...new Set(surveys)].sort()
  const i = sorted.indexOf(survey)
  return SURVEY_COLOURS[(i < 0 ? 0 : i) % SURVEY_COLOURS.length]!
}

export interface SurveyLegendEntry {
  survey: string
  colour: string
}

/** The surveys the layer shows, sorted, with their colours (empty until it has loaded). */
export function surveyLegend(layer: VectorLayer<VectorSource<Feature>>): SurveyLegendEntry[] {
  const surveys = surveysOf(layer.getSource())
  return surveys.map((survey) => ({ survey, colour: surveyColour(surveys, survey) }))
}

function surveysOf(source: VectorSource<Feature> | null): string[] {
  if (!source) return []
  const names = new Set<string>()
  for (const f of source.getFeatures()) names.add(String(f.get('survey') ?? ''))
  return [...names].sort()
}

/**
 * The tracks as a vector layer: a white casing under a line of the survey's colour (older
 * surveys wider, underneath), drawn while the map moves. Visible by default; `visible: false` to start hidden.
 */
export function createSurveyTracksLayer(
  options: { visible?: boolean; zIndex?: number } = {},
): VectorLayer<VectorSource<Feature>> {
  const source = new VectorSource<Feature>()
  let surveys: string[] = []
  const styles = new Map<string, Style[]>()
  const refresh = () => {
    surveys = surveysOf(source)
    styles.clear()
  }
  source.on('change', refresh)
  // Surveys of the same road lie on one another: the older ones are drawn wider underneath,
  // so that every survey's colour shows along a shared stretch.
  const style = (feature: FeatureLike): Style[] => {
    const survey = String(feature.get('survey') ?? '')
    let s = styles.get(survey)
    if (!s) {
      const i = Math.max(0, surveys.indexOf(survey))
      const n = Math.max(1, surveys.length)
      const width = 3 + 4 * (n - 1 - i)
      s = [
        new Style({
          stroke: new Stroke({ color: 'rgba(255,255,255,0.85)', width: width + 3 }),
          zIndex: 2 * i,
        }),
        new Style({
          stroke: new Stroke({
            color: surveyColour(surveys, survey),
            width,
            lineCap: 'round',
            lineJoin: 'round',
          }),
          zIndex: 2 * i + 1,
        }),
      ]
      styles.set(survey, s)
    }
    return s
  }
  return new VectorLayer({
    source,
    style,
    visible: options.visible ?? true,
    zIndex: options.zIndex ?? SURVEY_TRACKS_Z,
    updateWhileInteracting: true,
    properties: { name: SURVEY_TRACKS_LAYER, title: surveyTracksTitle() },
  })
}

const geojson = new GeoJSON<Feature>()

/** Puts the tracks' lines (EPSG:4326) on the layer, in the map's projection. */
export function setSurveyTracks(
  layer: VectorLayer<VectorSource<Feature>>,
  tracks: EventTracks | undefined,
  projection = 'EPSG:3857',
): void {
  const source = layer.getSource()!
  source.clear(true)
  if (tracks) {
    source.addFeatures(
      geojson.readFeatures(tracks, { dataProjection: 'EPSG:4326', featureProjection: projection }),
    )
  }
  source.changed()
}

/**
 * The tracks' layer on the map of the `MapCanvas` around it while mounted; `visible` switches
 * it. Answers the layer (for a legend).
 */
export function useSurveyTracks(visible = true): VectorLayer<VectorSource<Feature>> {
  const map = useMap()
  const layer = useMemo(() => createSurveyTracksLayer(), [])
  const { data } = useGetSurveyTracksQuery()
  useEffect(() => {
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
    }
  }, [map, layer])
  useEffect(() => {
    setSurveyTracks(layer, data, map.getView().getProjection().getCode())
  }, [layer, data, map])
  useEffect(() => layer.setVisible(visible), [layer, visible])
  return layer
}
