import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query/react'
import type { RenderedReport, ReportRunBody } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useState } from 'react'
import { developerMode } from '../../api/local-session'
import { toFailure } from '../../api/base-api'
import {
  EMPTY_FILTER,
  builderFields,
  FilterBuilder,
  filterProblems,
  toFilterTree,
  type FilterBuilderState,
  type SamplesSource,
} from '../../components/filter-builder'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import { problemText } from '../../api/problem-text'
import { useFieldSamplesQuery } from '../../api/search.api'
import { ParameterInput } from './ParameterInput'
import { initialValues, shownParameters, type ParameterValue } from './parameters'
import {
  usePreviewReportMutation,
  useReportTemplateQuery,
  useRunReportMutation,
} from '../../api/reports.api'
import { DialogFrame } from '../../components/DialogFrame'

interface Props {
  reportId: number
  name: string
  onClose: () => void
  onStarted: (jobId: number, title: string) => void
  onPreview: (report: RenderedReport) => void
}

/**
 * 'Gerando Relatório' (spec 3 §2): the template's name, its parameters, the layer and the
 * data filter; Iniciar (once a layer is chosen) starts the job, Visualizar shows a preview.
 */
export function GenerateDialog({ reportId, name, onClose, onStarted, onPreview }: Props) {
  const { enqueueSnackbar } = useSnackbar()
  const record = useReportTemplateQuery(reportId)
  const layers = useGetLayerDescriptionsQuery()
  const [layerName, setLayerName] = useState('')
  const [filter, setFilter] = useState<FilterBuilderState>(EMPTY_FILTER)
  const [values, setValues] = useState<Record<string, ParameterValue> | null>(null)
  const [run, running] = useRunReportMutation()
  const [preview, previewing] = usePreviewReportMutation()
  const developer = developerMode()

  useEffect(() => {
    if (record.isError) {
      enqueueSnackbar(t('reports.openFailed', { name }), { variant: 'error' })
      onClose()
    }
  }, [record.isError, name, enqueueSnackbar, onClose])
  useEffect(() => {
    if (layers.isError) enqueueSnackbar(t('reports.layersFailed'), { variant: 'error' })
  }, [layers.isError, enqueueSnackbar])
  const parameters = useMemo(() => record.data?.parameters ?? [], [record.data])
  useEffect(() => {
    if (record.data) setValues(initialValues(record.data.parameters))
  }, [record.data])

  const readable = useMemo(
    () => [...(layers.data ?? [])].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [layers.data],
  )
  const layer = readable.find((l) => l.name === layerName)
  const fields = useMemo(() => builderFields(layer), [layer])
  const useSamples: SamplesSource = (field, contains) => {
    const samples = useFieldSamplesQuery(
      layer && field ? { layer: layer.name, field, filter: contains } : skipToken,
    )
    return { values: samples.data ?? [], loading: samples.isFetching }
  }

  const body = (): ReportRunBody => {
    const params: Record<string, unknown> = { ...(values ?? {}) }
    for (const p of parameters) if (p.type === 'LAYER_NAME') params[p.name] = layerName
    return {
      layerName,
      filter: toFilterTree(filter, fields) ?? null,
      parameters: params,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }
  }
  const failed = (err: unknown, fallback: string) => {
    const f = toFailure(err)
    enqueueSnackbar(f.status === 400 ? problemText(f) : fallback, { variant: 'error' })
  }
  // A number parameter whose text does not read as one, or a rule's value: shown in its
  // field; nothing is run.
  const invalid = () => {
    const bad =
      Object.values(values ?? {}).some((v) => typeof v === 'number' && Number.isNaN(v)) ||
      filterProblems(filter, fields).size > 0
    if (bad) enqueueSnackbar(t('reports.invalidValues'), { variant: 'error' })
    return bad
  }
  const start = async () => {
    if (invalid()) return
    try {
      const { id } = await run({ id: reportId, body: body() }).unwrap()
      onStarted(id, record.data?.name ?? name)
    } catch (err) {
      failed(err, t('reports.generateFailed'))
    }
  }
  const showPreview = async () => {
    if (invalid()) return
    try {
      onPreview(await preview({ id: reportId, body: body() }).unwrap())
    } catch (err) {
      failed(err, t('reports.previewFailed'))
    }
  }

  const disabled = record.data !== undefined && parameters.length === 0
  const busy = running.isLoading || previewing.isLoading
  return (
    <DialogFrame
      onClose={onClose}
      maxWidth="md"
      title={t('reports.generating')}
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <>
          <Button onClick={onClose}>{t('reports.back')}</Button>
          {!disabled && (
            <>
              <Button disabled={!layer || busy} onClick={() => void showPreview()}>
                {t('reports.preview')}
              </Button>
              <Button variant="contained" disabled={!layer || busy} onClick={() => void start()}>
                {t('reports.start')}
              </Button>
            </>
          )}
        </>
      }
    >
      <Box sx={{ height: 4 }}>{(record.isFetching || busy) && <LinearProgress />}</Box>
      <TextField
        size="small"
        label={t('reports.template')}
        value={record.data?.name ?? name}
        slotProps={{ input: { readOnly: true } }}
      />
      {disabled ? (
        <Alert severity="warning">{t('reports.disabled')}</Alert>
      ) : (
        record.data &&
        values && (
          <>
            <Typography variant="subtitle2">{t('reports.parameters')}</Typography>
            <TextField
              select
              size="small"
              label={t('reports.layer')}
              value={layerName}
              disabled={layers.isLoading}
              onChange={(e) => {
                setLayerName(e.target.value)
                setFilter(EMPTY_FILTER)
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('reports.layerPlaceholder')}</option>
              {readable.map((l) => (
                <option key={l.name} value={l.name}>
                  {l.title}
                </option>
              ))}
            </TextField>
            {shownParameters(parameters, developer).map((p) => (
              <ParameterInput
                key={p.name}
                parameter={p}
                value={values[p.name] ?? ''}
                onChange={(v) => setValues({ ...values, [p.name]: v })}
              />
            ))}
            <Typography variant="subtitle2">{t('reports.dataFilter')}</Typography>
            <FilterBuilder
              layer={layer?.name}
              fields={fields}
              value={filter}
              onChange={setFilter}
              useSamples={useSamples}
            />
          </>
        )
      )}
    </DialogFrame>
  )
}
