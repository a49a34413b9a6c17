import Chip from '@mui/material/Chip'
import { t, type MessageKey } from '@gis/shared/i18n'
import { useState } from 'react'
import { PagedTable, type Column } from '../../components/PagedTable'
import { FIRST_PAGE, type PagedState } from '../../components/paged-state'
import { cellText } from './cell-text'
import { useImportDataQuery } from './dataloader.api'
import type { ImportJob, ImportRow } from './dataloader-types'

const COLORS: Record<string, 'success' | 'info' | 'error' | 'default' | 'warning'> = {
  C: 'success',
  U: 'info',
  E: 'error',
  S: 'success',
  P: 'default',
}

/** DADOS: the imported rows with Estado (chip), Mensagem and one column per source column. */
export function RowsTable({ job, run, title }: { job: ImportJob; run: number; title: string }) {
  const [paging, setPaging] = useState<PagedState>(FIRST_PAGE)
  const { data, isFetching } = useImportDataQuery({
    id: job.id,
    page: paging.page,
    limit: paging.limit,
    run,
  })
  const columns: Column<ImportRow>[] = [
    {
      key: 'status',
      label: t('dataloader.colStatus'),
      render: (r) => (
        <Chip
          size="small"
          color={COLORS[r.status] ?? 'default'}
          label={t(`dataloader.status.${r.status}` as MessageKey)}
        />
      ),
    },
    { key: 'message', label: t('dataloader.colMessage'), render: (r) => r.message ?? '' },
    ...job.metadata.columnNames.map((name) => ({
      key: `c:${name}`,
      label: name,
      render: (r: ImportRow) =>
        cellText(r.data[name], job.metadata.columnTypes[name], job.metadata.numberStyles?.[name]),
    })),
  ]
  return (
    <PagedTable
      title={title}
      columns={columns}
      rows={data?.rows ?? []}
      total={data?.total ?? 0}
      loading={isFetching}
      empty={t('dataloader.noRows')}
      paging={paging}
      onPaging={setPaging}
    />
  )
}
