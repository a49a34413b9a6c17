import type { Extent } from '@gis/shared'
import { t, type MessageKey } from '@gis/shared/i18n'
import {
  CAD_EXPORT_FORMATS,
  defaultExportSrid,
  exportCrsChoices,
  exportWritesGeometry,
  FIXED_EXPORT_SRID,
} from '@gis/shared/search'
import { useEffect } from 'react'
import { useFormContext } from 'react-hook-form'
import { FormSelect } from '../../components/form'

/** Whether the export dialog offers a coordinate system: where geometries go out. */
export function crsOffered(format: string, tabular: boolean): boolean {
  return !tabular && exportWritesGeometry(format)
}

/** The system an export sends: the one chosen, unless the format fixes its own (or has none). */
export function sentSrid(format: string, tabular: boolean, srid: number): number | undefined {
  return crsOffered(format, tabular) && !FIXED_EXPORT_SRID[format] ? srid : undefined
}

/** What the select says under it: why the format's system is what it is. */
function hintOf(format: string): string | undefined {
  if (FIXED_EXPORT_SRID[format]) return t(`export.crsHint.${format}` as MessageKey)
  if (CAD_EXPORT_FORMATS.includes(format)) return t('export.crsHint.cad')
  if (format === 'xlsx' || format === 'csv') return t('export.crsHint.wkt')
  return undefined
}

/**
 * 'Sistema de coordenadas' of the export dialog (field `srid` of its form): the served systems,
 * starting at the format's default each time the format changes (the default the server
 * applies: DXF and DGN the layer's SIRGAS 2000 / UTM zone); a format's own system (KML, the
 * ARTESP GeoJSON) is shown fixed.
 */
export function ExportCrsSelect({ format, extent }: { format: string; extent: Extent | null }) {
  const { setValue } = useFormContext<{ srid: number }>()
  useEffect(() => {
    setValue('srid', defaultExportSrid(format, extent))
  }, [setValue, format, extent])
  return (
    <FormSelect
      name="srid"
      label={t('export.crs')}
      native
      disabled={Boolean(FIXED_EXPORT_SRID[format])}
      helperText={hintOf(format)}
      options={exportCrsChoices(format).map((c) => ({
        value: c.srid,
        label: t('export.crsOption', { name: c.name, srid: String(c.srid) }),
      }))}
    />
  )
}
