import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import { t } from '@gis/shared/i18n'
import { newTemplate, type ReportTemplate } from '@gis/shared/reports'
import { useSnackbar } from 'notistack'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { developerMode } from '../../api/local-session'
import { useIsAdmin } from '../../state/session'
import { useUrlToken } from '../../state/url-token'
import {
  useCreateTemplateMutation,
  useReportTemplateQuery,
  useUpdateTemplateMutation,
} from '../../api/reports.api'
import type { WindowProps } from '../../windows/window-type'
import { addPage, pageLabel, type CellRef } from './designer-ops'
import type { OpenedTemplate } from './designer-open'
import { templateFile, type TemplateBuilderState } from './designer-state'
import { DesignerFooter } from './DesignerFooter'
import { DesignerHeader } from './DesignerHeader'
import { OpenDialog } from './OpenDialog'
import { PageGrid } from './PageGrid'
import { PageTabs } from './PageTabs'
import { PropertiesPanel } from './PropertiesPanel'
import { VariablesDialog } from './VariablesDialog'

const VIEW = { page: 0, zoom: 100, titles: true, gridLines: true, printLines: true }

function fresh(
  opened: OpenedTemplate & { id?: number } = { template: newTemplate() },
): TemplateBuilderState {
  return { ...VIEW, ...opened }
}

/**
 * The template designer window (props: `templateId?`). Its state is the unsaved template and
 * the view, kept in the workspace so that it survives F5.
 */
export function TemplateBuilderWindow({
  props,
  state,
  setState,
}: WindowProps<TemplateBuilderState>) {
  const templateId = typeof props.templateId === 'number' ? props.templateId : undefined
  const { enqueueSnackbar } = useSnackbar()
  const token = useUrlToken()
  const admin = useIsAdmin()
  const [s, setS] = useState<TemplateBuilderState | undefined>(
    state ?? (templateId === undefined ? fresh() : undefined),
  )
  const latest = useRef(s)
  const [selected, setSelected] = useState<CellRef | null>(null)
  const [dialog, setDialog] = useState<'open' | 'variables' | null>(null)
  const [create, created] = useCreateTemplateMutation()
  const [update, updated] = useUpdateTemplateMutation()
  const loaded = useReportTemplateQuery(templateId ?? 0, { skip: !!s || templateId === undefined })

  const put = useCallback(
    (next: TemplateBuilderState) => {
      latest.current = next
      setS(next)
      setState(next)
    },
    [setState],
  )
  const edit = useCallback(
    (fn: (template: ReportTemplate) => ReportTemplate) => {
      const cur = latest.current
      if (cur) put({ ...cur, template: fn(cur.template) })
    },
    [put],
  )

  useEffect(() => {
    if (s) return
    if (loaded.data) {
      const r = loaded.data
      put(
        fresh({
          id: r.id,
          template: r.template,
          folder: r.folder,
          reportType: r.reportType,
          parameters: r.parameters,
        }),
      )
    } else if (loaded.isError) {
      enqueueSnackbar(t('designer.openFailed', { name: String(templateId) }), { variant: 'error' })
      put(fresh())
    }
  }, [s, loaded.data, loaded.isError, templateId, put, enqueueSnackbar])

  if (!s) return <LinearProgress />
  const page = Math.min(s.page, s.template.grid.length - 1)

  async function save() {
    const cur = latest.current!
    const body = {
      folder: cur.folder ?? '',
      reportType: cur.reportType ?? 'summary',
      visible: true,
      mine: false,
      parameters: cur.parameters ?? [],
      template: cur.template,
    }
    try {
      const record = cur.id
        ? await update({ id: cur.id, body }).unwrap()
        : await create(body).unwrap()
      put({ ...latest.current!, id: record.id, folder: record.folder })
      enqueueSnackbar(t('designer.saved'), { variant: 'success' })
    } catch (err) {
      enqueueSnackbar(toFailure(err).message || t('designer.saveFailed'), { variant: 'error' })
    }
  }

  function download() {
    const blob = new Blob([JSON.stringify(templateFile(latest.current!), null, 2)], {
      type: 'application/json',
    })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = `${s!.template.name || 'template'}.json`
    a.click()
    URL.revokeObjectURL(a.href)
  }

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: 0,
        overflow: 'hidden',
      }}
    >
      <DesignerHeader
        name={s.template.name}
        saving={created.isLoading || updated.isLoading}
        onName={(name) => edit((tpl) => ({ ...tpl, name }))}
        onVariables={() => setDialog('variables')}
        onNew={() => {
          setSelected(null)
          put(fresh())
        }}
        onDownload={download}
        onSave={() => void save()}
        onOpen={() => setDialog('open')}
      />
      <PageTabs
        pages={s.template.grid}
        page={page}
        onPage={(p) => {
          setSelected(null)
          put({ ...s, page: p })
        }}
        onAdd={() => {
          setSelected(null)
          put({ ...s, template: addPage(s.template), page: s.template.grid.length })
        }}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <PageGrid
          template={s.template}
          page={page}
          titles={s.titles}
          printLinesOn={s.printLines}
          label={pageLabel(s.template.grid[page]!, page, t('designer.page'))}
          view={{
            zoom: s.zoom / 100,
            gridLines: s.gridLines,
            token,
            selected,
            onSelect: setSelected,
          }}
        />
        <PropertiesPanel
          template={s.template}
          page={page}
          selected={selected}
          edit={edit}
          select={setSelected}
          setPage={(p) => put({ ...latest.current!, page: p })}
        />
      </Box>
      <DesignerFooter view={s} onChange={(v) => put({ ...s, ...v })} />
      {dialog === 'open' && (
        <OpenDialog
          open
          developer={admin && developerMode()}
          onClose={() => setDialog(null)}
          onOpen={(opened) => {
            setSelected(null)
            setDialog(null)
            put(fresh(opened))
          }}
        />
      )}
      {dialog === 'variables' && (
        <VariablesDialog
          open
          variables={s.template.variables}
          layer={s.template.layer}
          onClose={() => setDialog(null)}
          onConfirm={(variables, layer) => {
            edit((tpl) => ({ ...tpl, variables, layer }))
            setDialog(null)
          }}
        />
      )}
    </Box>
  )
}
