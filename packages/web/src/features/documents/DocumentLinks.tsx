import AddLink from '@mui/icons-material/AddLink'
import LinkOff from '@mui/icons-material/LinkOff'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { DocumentDetail, DocumentLink } from '@gis/shared/documents'
import { t } from '@gis/shared/i18n'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { NumberField } from '../../components/br-input'
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { useMutationToast } from '../../components/use-mutation-toast'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { openFeatureWindow } from '../../windows/feature-window'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'
import { useLinkDocumentMutation, useUnlinkDocumentMutation } from './documents.api'

/**
 * 'Vincular a feição': one of the map's selected features with a click, or a layer the user
 * reads and a feature's id.
 */
function LinkDialog({ doc, onClose }: { doc: DocumentDetail; onClose: () => void }) {
  const run = useMutationToast()
  const layers = useGetLayerDescriptionsQuery()
  const selection = useAppSelector((s) => s.map.selection)
  const [link, { isLoading }] = useLinkDocumentMutation()
  const sorted = useMemo(
    () => [...(layers.data ?? [])].sort((a, b) => a.title.localeCompare(b.title, 'pt-BR')),
    [layers.data],
  )
  const titleOf = (name: string) => sorted.find((l) => l.name === name)?.title ?? name
  const [layer, setLayer] = useState('')
  const [featureId, setFeatureId] = useState<number | null>(null)
  const linked = new Set(doc.links.map((l) => `${l.layer}:${l.featureId}`))

  async function linkTo(target: { layer: string; featureId: number }) {
    const linked = await run(
      () => link({ id: doc.id, body: target }).unwrap(),
      t('documents.linked'),
      t('documents.failed'),
    )
    if (linked) onClose()
  }

  return (
    <DialogFrame
      open
      onClose={onClose}
      title={t('documents.linkTitle')}
      titleId="document-link-title"
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <DialogButtons
          back={t('documents.cancel')}
          onBack={onClose}
          act={t('documents.linkConfirm')}
          actDisabled={!layer || !featureId || isLoading}
          onAct={() => featureId && void linkTo({ layer, featureId })}
        />
      }
    >
      <Box>
        <Typography variant="subtitle2" gutterBottom>
          {t('documents.linkFromSelection')}
        </Typography>
        {selection.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('documents.linkNoSelection')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {selection.slice(0, 30).map((s) => (
              <Chip
                key={`${s.layer}:${s.id}`}
                icon={<AddLink />}
                label={`${titleOf(s.layer)} #${s.id}`}
                disabled={linked.has(`${s.layer}:${s.id}`) || isLoading}
                onClick={() => void linkTo({ layer: s.layer, featureId: s.id })}
              />
            ))}
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <TextField
          select
          label={t('documents.linkLayer')}
          value={layer}
          onChange={(e) => setLayer(e.target.value)}
        >
          {sorted.map((l) => (
            <MenuItem key={l.name} value={l.name}>
              {l.title}
            </MenuItem>
          ))}
        </TextField>
        <NumberField
          label={t('documents.linkFeatureId')}
          placeholder=""
          value={featureId}
          onChange={setFeatureId}
          integer
          positive
        />
      </Box>
    </DialogFrame>
  )
}

/** VÍNCULOS: the features the document is linked to (open, unlink) and VINCULAR A FEIÇÃO. */
export function DocumentLinks({ doc, editable }: { doc: DocumentDetail; editable: boolean }) {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const run = useMutationToast()
  const [unlink] = useUnlinkDocumentMutation()
  const [adding, setAdding] = useState(false)

  const open = (l: DocumentLink) => {
    dispatch(openFeatureWindow([{ layer: l.layer, id: l.featureId }], l.layerTitle))
    void navigate('/workspace')
  }
  async function remove(l: DocumentLink) {
    await run(
      () => unlink({ id: doc.id, layer: l.layer, featureId: l.featureId }).unwrap(),
      t('documents.unlinked'),
      t('documents.failed'),
    )
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {editable && (
        <Box>
          <Button variant="outlined" startIcon={<AddLink />} onClick={() => setAdding(true)}>
            {t('documents.linkFeature')}
          </Button>
        </Box>
      )}
      {doc.links.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('documents.noLinks')}
        </Typography>
      ) : (
        <List dense aria-label={t('documents.tabLinks')}>
          {doc.links.map((l) => {
            const id = `#${l.featureId}`
            const label = l.label === id ? id : `${l.label} (${id})`
            return (
              <ListItem
                key={`${l.layer}:${l.featureId}`}
                divider
                secondaryAction={
                  <>
                    <IconButton
                      aria-label={t('documents.openFeature', { label })}
                      onClick={() => open(l)}
                    >
                      <OpenInNew />
                    </IconButton>
                    {editable && (
                      <IconButton
                        edge="end"
                        aria-label={t('documents.unlink', { label })}
                        onClick={() => void remove(l)}
                      >
                        <LinkOff />
                      </IconButton>
                    )}
                  </>
                }
              >
                <ListItemText primary={label} secondary={l.layerTitle} />
              </ListItem>
            )
          })}
        </List>
      )}
      {adding && <LinkDialog doc={doc} onClose={() => setAdding(false)} />}
    </Box>
  )
}
