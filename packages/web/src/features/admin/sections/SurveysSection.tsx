import { t } from '@gis/shared/i18n'
import type { Survey } from '@gis/shared'
import Button from '@mui/material/Button'
import { useState } from 'react'
import { attributeText } from '../../../components/attribute-text'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { PagedTable, type Column } from '../../../components/PagedTable'
import { listArgs } from '../../../components/paged-state'
import { actionsColumn } from '../common/RowActions'
import { useAct } from '../common/use-act'
import { usePaging } from '../common/use-paging'
import { useDeleteSurveyMutation, useListSurveysQuery } from '../surveys.api'
import { SurveyImportDialog } from './SurveyImportDialog'
import { SurveyImportProgress } from './SurveyImportProgress'

const count = (n: number) => attributeText(n, 'number')

/**
 * Imagens 360°: the street-level surveys (the demo's and the imported ones) with their
 * counts; IMPORTAR a real survey (a job followed to its summary), EXCLUIR one with its images.
 */
export function SurveysSection() {
  const [paging, setPaging] = usePaging()
  const { data, isFetching } = useListSurveysQuery(listArgs(paging, '-date'))
  const [remove] = useDeleteSurveyMutation()
  const act = useAct()
  const [importing, setImporting] = useState(false)
  const [job, setJob] = useState<{ id: number; name: string; open: boolean } | null>(null)
  const [deleting, setDeleting] = useState<Survey | null>(null)
  const columns: Column<Survey>[] = [
    { key: 'name', label: t('imageryImport.colName'), render: (s) => <strong>{s.name}</strong> },
    {
      key: 'date',
      label: t('imageryImport.colDate'),
      render: (s) => attributeText(s.date, 'date'),
    },
    {
      key: 'roads',
      label: t('imageryImport.colRoads'),
      render: (s) => s.roads.join(', ') || '-',
      wide: true,
    },
    { key: 'events', label: t('imageryImport.colEvents'), render: (s) => count(s.events) },
    {
      key: 'frames',
      label: t('imageryImport.colFrames'),
      render: (s) => count(s.frames),
      wide: true,
    },
    {
      key: 'source',
      label: t('imageryImport.colSource'),
      render: (s) =>
        s.source === 'demo' ? t('imageryImport.sourceDemo') : t('imageryImport.sourceImport'),
      wide: true,
    },
    actionsColumn((s) => ({ name: s.name, onDelete: () => setDeleting(s) })),
  ]
  return (
    <>
      <PagedTable
        title={t('imageryImport.section')}
        description={t('imageryImport.sectionHint')}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        empty={t('imageryImport.none')}
        paging={paging}
        onPaging={setPaging}
        actions={
          <>
            {job && !job.open && (
              <Button onClick={() => setJob({ ...job, open: true })}>
                {t('imageryImport.progressTitle', { name: job.name })}
              </Button>
            )}
            <Button variant="contained" onClick={() => setImporting(true)}>
              {t('imageryImport.import')}
            </Button>
          </>
        }
      />
      {importing && (
        <SurveyImportDialog
          onClose={() => setImporting(false)}
          onQueued={(id, name) => {
            setImporting(false)
            setJob({ id, name, open: true })
          }}
        />
      )}
      {job && (
        <SurveyImportProgress
          key={job.id}
          jobId={job.id}
          name={job.name}
          open={job.open}
          onMinimize={() => setJob({ ...job, open: false })}
          onClose={() => setJob(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('imageryImport.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('imageryImport.deleteText')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (
            await act(() => remove(deleting!.id).unwrap(), t('adm.deleted'), t('adm.deleteFailed'))
          ) {
            setDeleting(null)
          }
        }}
      />
    </>
  )
}
