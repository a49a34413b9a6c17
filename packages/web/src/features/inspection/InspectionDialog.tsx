import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import {
  inspectionStatusName,
  type InspectionDetail,
  type InspectionPhoto,
} from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { attributeText } from '../../components/attribute-text'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DialogFrame } from '../../components/DialogFrame'
import { useMutationToast } from '../../components/use-mutation-toast'
import { useUrlToken } from '../../state/url-token'
import {
  contentUrl,
  useDeleteInspectionMutation,
  useInspectionHistoryQuery,
  useInspectionQuery,
  useReviewInspectionMutation,
} from './inspection.api'
import { dateText, noteColour, noteLabel } from './notes'

const ACTIONS = new Set(['CREATE', 'UPDATE', 'APPROVE', 'REJECT', 'DELETE'])
const actionText = (action: string) =>
  ACTIONS.has(action)
    ? t(`inspection.detail.action.${action}` as 'inspection.detail.action.CREATE')
    : action

function Photos({ photos, token }: { photos: readonly InspectionPhoto[]; token: string | null }) {
  if (photos.length === 0) return null
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
        mt: 1,
      }}
    >
      {photos.map((p) => (
        <Box
          key={p.id}
          component="a"
          href={contentUrl(p.contentId, token)}
          target="_blank"
          rel="noreferrer"
          title={p.caption || p.filename}
          sx={{
            display: 'block',
            borderRadius: 1,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            component="img"
            src={contentUrl(p.contentId, token, p.thumbnail)}
            alt={p.caption || p.filename}
            sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
          />
        </Box>
      ))}
    </Box>
  )
}

function Notes({ d }: { d: InspectionDetail }) {
  const notes = [
    ['inspection.note.structural', d.structural],
    ['inspection.note.functional', d.functional],
    ['inspection.note.durability', d.durability],
  ] as const
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(3, 1fr)' }}>
      {notes.map(([label, n]) => (
        <Box key={label} sx={{ borderLeft: 4, borderColor: noteColour(n), pl: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {t(label)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {noteLabel(n)}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}

/**
 * An inspection: notes, inspector, recommendations, anomalies with their photos, the general
 * photos and its history; EDITAR (its creator while pending, administrators), APROVAR and
 * REJEITAR a pending one, EXCLUIR (administrators).
 */
export function InspectionDialog({
  id,
  onClose,
  onEdit,
}: {
  id: number
  onClose: () => void
  onEdit: (detail: InspectionDetail) => void
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  const token = useUrlToken()
  const run = useMutationToast()
  const detail = useInspectionQuery(id)
  const history = useInspectionHistoryQuery(id)
  const [review, reviewing] = useReviewInspectionMutation()
  const [remove] = useDeleteInspectionMutation()
  const [confirm, setConfirm] = useState(false)
  const d = detail.data

  async function act(action: 'approve' | 'reject') {
    await run(
      () => review({ id, action }).unwrap(),
      t(action === 'approve' ? 'inspection.detail.approved' : 'inspection.detail.rejected'),
      t('common.requestFailed'),
    )
  }

  return (
    <DialogFrame
      titleId="inspection-detail-title"
      title={d ? t('inspection.detail.title', { type: d.type, date: dateText(d.date) }) : ' '}
      fullScreen={phone}
      maxWidth="md"
      onClose={onClose}
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <>
          {d?.canReview && (
            <Button color="error" onClick={() => setConfirm(true)} sx={{ mr: 'auto' }}>
              {t('inspection.detail.delete')}
            </Button>
          )}
          {d?.canReview && d.status === 'PENDING' && (
            <>
              <Button
                color="error"
                disabled={reviewing.isLoading}
                onClick={() => void act('reject')}
              >
                {t('inspection.detail.reject')}
              </Button>
              <Button
                color="success"
                variant="outlined"
                disabled={reviewing.isLoading}
                onClick={() => void act('approve')}
              >
                {t('inspection.detail.approve')}
              </Button>
            </>
          )}
          {d?.canEdit && <Button onClick={() => onEdit(d)}>{t('inspection.detail.edit')}</Button>}
          <Button variant="contained" onClick={onClose}>
            {t('inspection.detail.close')}
          </Button>
        </>
      }
      after={
        <ConfirmDialog
          open={confirm}
          title={t('inspection.detail.deleteConfirm')}
          text={t('inspection.detail.deleteText')}
          onConfirm={async () => {
            const removed = await run(
              () => remove(id).unwrap(),
              t('inspection.detail.deleted'),
              t('common.requestFailed'),
            )
            if (removed) onClose()
          }}
          onClose={() => setConfirm(false)}
        />
      }
    >
      {!d ? (
        <LinearProgress />
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip
              size="small"
              label={inspectionStatusName(d.status)}
              color={
                d.status === 'ACCEPTED' ? 'success' : d.status === 'PENDING' ? 'warning' : 'default'
              }
            />
            <Typography variant="body2">
              {t('inspection.detail.inspector')}: <strong>{d.inspector}</strong>
            </Typography>
          </Box>
          <Notes d={d} />
          <Box>
            <Typography variant="subtitle2">{t('inspection.detail.recommendations')}</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {d.recommendations || t('inspection.detail.none')}
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2">{t('inspection.detail.anomalies')}</Typography>
            {d.anomalies.length === 0 && (
              <Typography variant="body2">{t('inspection.detail.none')}</Typography>
            )}
            {d.anomalies.map((a) => (
              <Box
                key={a.id}
                sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: noteColour(a.note) }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {a.element}
                  {a.note ? ` · ${noteLabel(a.note)}` : ''}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {a.description}
                </Typography>
                <Photos photos={a.photos} token={token} />
              </Box>
            ))}
          </Box>
          {d.photos.length > 0 && (
            <Box>
              <Typography variant="subtitle2">{t('inspection.detail.photos')}</Typography>
              <Photos photos={d.photos} token={token} />
            </Box>
          )}
          <Box>
            <Typography variant="subtitle2">{t('inspection.detail.history')}</Typography>
            {(history.data ?? []).map((h, i) => (
              <Typography key={i} variant="body2" color="text.secondary">
                {attributeText(h.at, 'datetime')} · {h.username} · {actionText(h.action)}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </DialogFrame>
  )
}
