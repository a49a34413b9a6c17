import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Radio from '@mui/material/Radio'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { SYNC_PACKAGES_DIALOG_LIMIT } from '@gis/shared'
import { t, tn } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useId, useState } from 'react'
import { dateTime } from './sync-labels'
import {
  useAddSyncItemsMutation,
  useCreateSyncPackageMutation,
  useSyncPackagesQuery,
} from './sync.api'
import { DialogFrame } from '../../components/DialogFrame'

interface Props {
  layer: string
  /** The selected rows (added when there are any). */
  selected: readonly number[]
  /** The search's filter tree (null: every row); added when nothing is selected. */
  query: unknown
  /** How many rows the search found. */
  found: number | undefined
  onClose: () => void
}

/**
 * 'Pacotes de sincronização disponíveis' (spec 2 §2.3, module artespSync): the packages (read
 * 1000 at a time), a new one by name, and ADICIONAR puts the selection, or else every row of
 * the search's filter, in the chosen package. Fetch and add failures are only logged (spec 2
 * §8); a success says how many rows went in.
 */
export function SyncPackagesDialog({ layer, selected, query, found, onClose }: Props) {
  const titleId = useId()
  const { enqueueSnackbar } = useSnackbar()
  const packages = useSyncPackagesQuery({ page: 0, limit: SYNC_PACKAGES_DIALOG_LIMIT })
  const [create, creating] = useCreateSyncPackageMutation()
  const [add, adding] = useAddSyncItemsMutation()
  const [chosen, setChosen] = useState<number | null>(null)
  const [name, setName] = useState('')
  if (packages.isError) console.error('sync packages', packages.error)
  const rows = packages.data?.rows ?? []

  const createNow = async () => {
    try {
      const created = await create({ name: name.trim() }).unwrap()
      setChosen(created.id)
      setName('')
      enqueueSnackbar(t('sync.created', { name: created.name }), { variant: 'success' })
    } catch (err) {
      console.error('sync package create', err)
    }
  }

  const addNow = async () => {
    const target = rows.find((p) => p.id === chosen)
    if (!target) return
    try {
      const body = selected.length ? { ids: [...selected] } : { query: query ?? null }
      const result = await add({ id: target.id, layer, body }).unwrap()
      enqueueSnackbar(
        tn('sync.added.one', 'sync.added.other', result.added, { name: target.name }),
        {
          variant: 'success',
        },
      )
      onClose()
    } catch (err) {
      console.error('sync add', err)
    }
  }

  return (
    <DialogFrame
      onClose={onClose}
      titleId={titleId}
      title={t('sync.dialogTitle')}
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <>
          <Button onClick={onClose}>{t('sync.dialogClose')}</Button>
          <Button
            variant="contained"
            disabled={chosen === null || adding.isLoading || (!selected.length && !found)}
            onClick={() => void addNow()}
          >
            {t('sync.dialogAdd')}
          </Button>
        </>
      }
    >
      <Alert severity="info">
        {selected.length
          ? tn('sync.dialogWhatSelected.one', 'sync.dialogWhatSelected.other', selected.length)
          : t('sync.dialogWhatFilter', { count: found ?? 0 })}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('sync.dialogNewName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && name.trim()) void createNow()
          }}
          sx={{ flex: 1, minWidth: 200 }}
        />
        <Button
          variant="outlined"
          disabled={!name.trim() || creating.isLoading}
          onClick={() => void createNow()}
        >
          {t('sync.dialogCreate')}
        </Button>
      </Box>
      {packages.isLoading && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {!packages.isLoading && rows.length === 0 && (
        <Typography color="text.secondary">{t('sync.dialogEmpty')}</Typography>
      )}
      {rows.length > 0 && (
        <List
          dense
          aria-label={t('sync.dialogPackage')}
          sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider' }}
        >
          {rows.map((p) => (
            <ListItemButton key={p.id} selected={chosen === p.id} onClick={() => setChosen(p.id)}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Radio
                  edge="start"
                  size="small"
                  checked={chosen === p.id}
                  tabIndex={-1}
                  slotProps={{ input: { 'aria-label': p.name } }}
                />
              </ListItemIcon>
              <ListItemText
                primary={p.name}
                secondary={`#${p.id} · ${p.user ?? '-'} · ${dateTime(p.createdDate)}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </DialogFrame>
  )
}
