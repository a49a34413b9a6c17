import ImageOutlined from '@mui/icons-material/ImageOutlined'
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined'
import LinkIcon from '@mui/icons-material/Link'
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined'
import TextSnippetOutlined from '@mui/icons-material/TextSnippetOutlined'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { DocumentKind, DocumentSummary } from '@gis/shared/documents'
import { formatFileSize } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { DataTable, type Column } from '../../components/DataTable'
import type { PagedState } from '../../components/paged-state'
import { pagerOf } from '../../components/paged-state'
import { formatWhen, kindLabel, thumbnailUrl, useDownloadToken } from './document-format'

const KIND_ICONS: Record<DocumentKind, typeof InsertDriveFileOutlined> = {
  pdf: PictureAsPdfOutlined,
  image: ImageOutlined,
  office: TextSnippetOutlined,
  other: InsertDriveFileOutlined,
}

/** A document's small picture: the server's thumbnail, else its kind's icon. */
export function DocumentThumb({
  doc,
  size = 48,
}: {
  doc: Pick<DocumentSummary, 'contentId' | 'thumbnail' | 'kind' | 'title'>
  size?: number
}) {
  const token = useDownloadToken()
  const [failed, setFailed] = useState(false)
  const Icon = KIND_ICONS[doc.kind]
  return (
    <Box
      sx={{
        width: size,
        height: size,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        border: 1,
        borderColor: 'divider',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        color: doc.kind === 'pdf' ? 'error.main' : 'text.secondary',
      }}
    >
      {doc.thumbnail && !failed ? (
        <Box
          component="img"
          src={thumbnailUrl(doc.contentId, token)}
          alt={t('documents.thumbnailOf', { title: doc.title })}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Icon sx={{ fontSize: size * 0.55 }} />
      )}
    </Box>
  )
}

/**
 * The documents found: thumbnail, title (file name and tags under it), folder, type, size,
 * last change; a click opens the document. Folder, type and size are left out on phones.
 */
export function DocumentsTable({
  rows,
  total,
  loading,
  paging,
  onPaging,
  sort,
  onSort,
  openId,
  onOpen,
}: {
  rows: readonly DocumentSummary[]
  total: number
  loading: boolean
  paging: PagedState
  onPaging: (paging: PagedState) => void
  sort: string
  onSort: (sort: string) => void
  openId: number | null
  onOpen: (id: number) => void
}) {
  const columns: Column<DocumentSummary>[] = [
    {
      key: 'thumb',
      label: '',
      head: <span />,
      sx: { width: 64, pr: 0 },
      render: (d) => <DocumentThumb doc={d} />,
    },
    {
      key: 'title',
      label: t('documents.colTitle'),
      sortKey: 'title',
      render: (d) => (
        <Box sx={{ minWidth: 0 }}>
          <Link
            component="button"
            type="button"
            underline="hover"
            onClick={(e) => {
              e.stopPropagation()
              onOpen(d.id)
            }}
            aria-label={t('documents.open', { title: d.title })}
            sx={{
              fontWeight: 600,
              textAlign: 'left',
              color: 'text.primary',
              overflowWrap: 'anywhere',
            }}
          >
            {d.title}
          </Link>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {d.filename}
            {d.linkCount > 0 && (
              <LinkIcon sx={{ fontSize: 14, ml: 0.75, verticalAlign: 'middle' }} />
            )}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ display: { md: 'none' } }}
          >
            {`${kindLabel(d.kind)} · ${formatFileSize(d.size)} · ${formatWhen(d.updated)}`}
          </Typography>
          {d.tags.length > 0 && (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
              {d.tags.map((tag) => (
                <Chip key={tag} label={tag} size="small" variant="outlined" />
              ))}
            </Box>
          )}
        </Box>
      ),
    },
    { key: 'folder', label: t('documents.colFolder'), wide: true, render: (d) => d.folderPath },
    { key: 'kind', label: t('documents.colType'), wide: true, render: (d) => kindLabel(d.kind) },
    {
      key: 'size',
      label: t('documents.colSize'),
      wide: true,
      sortKey: 'size',
      sx: { whiteSpace: 'nowrap' },
      render: (d) => formatFileSize(d.size),
    },
    {
      key: 'updated',
      label: t('documents.colUpdated'),
      sortKey: 'updated',
      wide: true,
      sx: { whiteSpace: 'nowrap' },
      render: (d) => (
        <>
          {formatWhen(d.updated)}
          {d.deleted && (
            <Chip
              label={t('documents.deletedChip')}
              size="small"
              color="error"
              variant="outlined"
              sx={{ ml: 1 }}
            />
          )}
        </>
      ),
    },
  ]
  return (
    <DataTable
      label={t('documents.table')}
      columns={columns}
      rows={rows}
      rowKey={(d) => d.id}
      empty={t('documents.none')}
      loading={loading}
      sort={sort}
      onSort={onSort}
      rowProps={(d) => ({
        selected: d.id === openId,
        onClick: () => onOpen(d.id),
        sx: { cursor: 'pointer' },
        'data-document': d.id,
      })}
      pager={pagerOf(paging, total, onPaging)}
    />
  )
}
