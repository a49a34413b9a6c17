import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import { skipToken } from '@reduxjs/toolkit/query/react'
import type { ExportJob, RenderedReport, ReportNode } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { developerMode } from '../../api/local-session'
import { useIsAdmin } from '../../state/session'
import { useAppDispatch } from '../../state/root-state'
import { SEARCH_WINDOW } from '../../windows/window-names'
import { openWindow } from '../../windows/open-window'
import { type WindowProps } from '../../windows/window-type'
import { GenerateDialog } from './GenerateDialog'
import { JobInfoDialog } from './JobInfoDialog'
import { ReportJobProgress } from './ReportJobProgress'
import { PreviewDialog } from './PreviewDialog'
import { INITIAL_REPORTS, type ReportBuilderState } from './report-state'
import { filterTree, folderNodes, reportsOf, sortNodes } from './report-tree'
import { ReportCards } from './ReportCards'
import { useReportTreeQuery, useSimpleReportsQuery } from '../../api/reports.api'
import { ReportsSidebar } from './ReportsSidebar'
import { ReportsToolbar } from './ReportsToolbar'
import { RepositoryTable } from './RepositoryTable'

/**
 * ReportBuilder (spec 3 §2, the RELATÓRIO tool): the template tree as folder and report
 * cards, the repository of jobs, and the generation, progress, job and preview dialogs. The
 * tab, the tree, the open folder and the repository's paging are kept in the workspace.
 */
export function ReportBuilderWindow({ state, setState }: WindowProps<ReportBuilderState>) {
  const s = state ?? INITIAL_REPORTS
  const update = (patch: Partial<ReportBuilderState>) => setState({ ...s, ...patch })
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const admin = useIsAdmin()
  const developer = developerMode()
  const panels = developer && admin
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<{ id: number; name: string } | null>(null)
  const [generating, setGenerating] = useState<{ id: number; name: string } | null>(null)
  const [job, setJob] = useState<{ id: number; title: string; open: boolean } | null>(null)
  const [info, setInfo] = useState<ExportJob | null>(null)
  const [preview, setPreview] = useState<RenderedReport | null>(null)

  const tree = useReportTreeQuery(undefined, { refetchOnMountOrArgChange: true })
  const all = useReportTreeQuery(panels && s.tree === 'panels' ? { all: true } : skipToken)
  const simple = useSimpleReportsQuery(s.tree === 'simple' ? undefined : skipToken)
  const current = s.tree === 'panels' ? all : s.tree === 'simple' ? simple : tree
  const failed = tree.isError || current.isError
  useEffect(() => {
    if (failed) enqueueSnackbar(t('reports.loadFailed'), { variant: 'error' })
  }, [failed, enqueueSnackbar])

  const sidebarTree = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search])
  const nodes = useMemo(() => {
    const data = current.data ?? []
    if (search.trim()) return sortNodes(reportsOf(filterTree(data, search)))
    return sortNodes(folderNodes(data, s.folder))
  }, [current.data, search, s.folder])
  const searching = search.trim() !== ''

  const onReport = (node: ReportNode) => {
    if (node.reportId === undefined) return
    setSelected({ id: node.reportId, name: node.name })
    setGenerating({ id: node.reportId, name: node.name })
  }
  const closeGenerating = useCallback(() => setGenerating(null), [])
  const jobDone = useCallback((done: ExportJob | null) => {
    // A failed poll keeps the progress dialog open on 'Falha'; an ended job shows its info.
    if (!done) return
    setJob((j) => (j ? { ...j, open: false } : j))
    setInfo(done)
  }, [])

  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <ReportsToolbar
          search={search}
          onSearch={setSearch}
          selected={selected}
          developer={developer}
        />
      </Paper>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 2,
          alignItems: 'flex-start',
        }}
      >
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 250 }, flexShrink: 0 }}>
          <ReportsSidebar
            tree={sidebarTree}
            state={s}
            panels={panels}
            onChange={update}
            onSearchFeatures={() => dispatch(openWindow({ type: SEARCH_WINDOW }))}
          />
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {s.tab === 'repository' ? (
            <RepositoryTable
              page={s.page}
              limit={s.limit}
              onPage={(page, limit) => update({ page, limit })}
              onDetails={setInfo}
            />
          ) : (
            <>
              <Box sx={{ height: 4, mb: 1 }}>{current.isFetching && <LinearProgress />}</Box>
              <ReportCards
                nodes={nodes}
                canGoUp={!searching && s.folder.length > 0}
                selectedId={selected?.id}
                empty={searching ? t('reports.noResults') : t('reports.empty')}
                onUp={() => update({ folder: s.folder.slice(0, -1) })}
                onFolder={(node) => update({ folder: [...s.folder, node.id] })}
                onReport={onReport}
              />
            </>
          )}
        </Box>
      </Box>

      {generating && (
        <GenerateDialog
          key={generating.id}
          reportId={generating.id}
          name={generating.name}
          onClose={closeGenerating}
          onPreview={setPreview}
          onStarted={(id, title) => {
            setGenerating(null)
            setJob({ id, title, open: true })
          }}
        />
      )}
      {preview && <PreviewDialog report={preview} onClose={() => setPreview(null)} />}
      {job && (
        <ReportJobProgress
          key={job.id}
          jobId={job.id}
          title={job.title}
          open={job.open}
          onMinimize={() => setJob({ ...job, open: false })}
          onDone={jobDone}
        />
      )}
      {info && <JobInfoDialog job={info} onClose={() => setInfo(null)} />}
    </Box>
  )
}
