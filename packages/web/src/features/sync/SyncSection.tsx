import Add from '@mui/icons-material/Add'
import Delete from '@mui/icons-material/DeleteOutlined'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import type { SyncPackage } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { SectionHeading } from '../../components/SectionHeading'
import { useSnackbar } from 'notistack'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { toFailure } from '../../api/base-api'
import { useGetConfigQuery } from '../../api/session.api'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FIRST_PAGE, type PagedState } from '../../components/paged-state'
import { PagedTable } from '../../components/PagedTable'
import { dateTime } from './sync-labels'
import { PackageLink, PackageStatusChip } from './SyncTables'
import {
  SYNC_REGULATOR,
  useCreateSyncPackageMutation,
  useDeleteSyncPackageMutation,
  useSaveSyncConfigMutation,
  useSyncConfigQuery,
  useSyncPackagesQuery,
} from './sync.api'

/** `nossa=externa` lines to the layer map, and back. */
function parseLayers(text: string): Record<string, string> {
  const map: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const [from, to] = line.split('=').map((s) => s.trim())
    if (from && to) map[from] = to
  }
  return map
}
const layersText = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([a, b]) => `${a}=${b}`)
    .join('\n')

/** The external server of the regulator: url, token (never shown back), layer names there. */
function EndpointForm() {
  const { enqueueSnackbar } = useSnackbar()
  const config = useSyncConfigQuery(SYNC_REGULATOR)
  const [save, saving] = useSaveSyncConfigMutation()
  const [url, setUrl] = useState('')
  const [token, setToken] = useState('')
  const [layers, setLayers] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  // Until the stored configuration arrives the fields wait: typed earlier, it would replace them.
  const loading = config.isLoading
  useEffect(() => {
    if (!config.data) return
    setUrl(config.data.url)
    setLayers(layersText(config.data.layers))
  }, [config.data])

  const submit = async () => {
    setErrors({})
    try {
      await save({
        regulator: SYNC_REGULATOR,
        body: { url, layers: parseLayers(layers), ...(token ? { token } : {}) },
      }).unwrap()
      setToken('')
      enqueueSnackbar(t('sync.configSaved'), { variant: 'success' })
    } catch (err) {
      const f = toFailure(err)
      setErrors(Object.fromEntries(f.errors.map((e) => [e.field.split('.')[0]!, e.message])))
      enqueueSnackbar(f.status === 400 ? f.message : t('sync.configFailed'), { variant: 'error' })
    }
  }

  return (
    <Box
      component="form"
      aria-label={t('sync.configTitle')}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}
    >
      <Box>
        <SectionHeading title={t('sync.configTitle')} hint={t('sync.configHint')} />
      </Box>
      <TextField
        label={t('sync.configUrl')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={Boolean(errors.url)}
        helperText={errors.url}
        required
        disabled={loading}
      />
      <TextField
        label={t('sync.configToken')}
        type="password"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        disabled={loading}
        error={Boolean(errors.token)}
        helperText={errors.token ?? (config.data?.tokenSet ? t('sync.configTokenSet') : undefined)}
      />
      <TextField
        label={t('sync.configLayers')}
        value={layers}
        onChange={(e) => setLayers(e.target.value)}
        disabled={loading}
        error={Boolean(errors.layers)}
        helperText={errors.layers}
        multiline
        minRows={2}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={saving.isLoading || !url.trim()}>
          {t('sync.configSave')}
        </Button>
      </Box>
    </Box>
  )
}

/**
 * The control panel's section 'Sincronização' (module artespSync): the packages (open one's
 * page, create, delete), the queue, and the regulator's external server.
 */
export function SyncSection() {
  const modules = useGetConfigQuery().data?.modules ?? []
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const [paging, setPaging] = useState<PagedState>(FIRST_PAGE)
  const list = useSyncPackagesQuery(
    { page: paging.page, limit: paging.limit, sort: '-createdDate' },
    { skip: !modules.includes('artespSync') },
  )
  const [create] = useCreateSyncPackageMutation()
  const [remove] = useDeleteSyncPackageMutation()
  const [name, setName] = useState('')
  const [deleting, setDeleting] = useState<SyncPackage | null>(null)
  if (!modules.includes('artespSync')) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="info">{t('sync.moduleOff')}</Alert>
      </Box>
    )
  }

  const createNow = async () => {
    try {
      const p = await create({ name: name.trim() }).unwrap()
      setName('')
      enqueueSnackbar(t('sync.created', { name: p.name }), { variant: 'success' })
      void navigate(`/dashboard/sync/${p.id}`)
    } catch (err) {
      enqueueSnackbar(toFailure(err).message, { variant: 'error' })
    }
  }

  return (
    <Box>
      <PagedTable<SyncPackage>
        title={t('sync.adminPackages')}
        columns={[
          {
            key: 'name',
            label: t('sync.name'),
            render: (p) => <PackageLink pkg={p} />,
          },
          {
            key: 'status',
            label: t('sync.status'),
            render: (p) => <PackageStatusChip status={p.status} />,
          },
          {
            key: 'success',
            label: t('sync.success'),
            render: (p) => `${p.itemsPartial}/${p.itemsTotal}`,
          },
          { key: 'user', label: t('sync.colUser'), render: (p) => p.user ?? '-', wide: true },
          {
            key: 'created',
            label: t('sync.colCreated'),
            render: (p) => dateTime(p.createdDate),
            wide: true,
          },
          {
            key: 'actions',
            label: t('adm.actions'),
            render: (p) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  size="small"
                  aria-label={`${t('sync.adminOpen')} ${p.name}`}
                  onClick={() => void navigate(`/dashboard/sync/${p.id}`)}
                >
                  <OpenInNew fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`${t('sync.adminDelete')} ${p.name}`}
                  disabled={p.status === 'QUEUED' || p.status === 'RUNNING'}
                  onClick={() => setDeleting(p)}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Box>
            ),
          },
        ]}
        rows={list.data?.rows ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        empty={t('sync.dialogEmpty')}
        paging={paging}
        onPaging={setPaging}
        actions={
          <>
            <TextField
              size="small"
              label={t('sync.dialogNewName')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button
              variant="contained"
              startIcon={<Add />}
              disabled={!name.trim()}
              onClick={() => void createNow()}
            >
              {t('sync.adminNew')}
            </Button>
            <Button variant="outlined" onClick={() => void navigate('/dashboard/syncqueue')}>
              {t('sync.adminQueue')}
            </Button>
          </>
        }
      />
      <Divider />
      <EndpointForm />
      <ConfirmDialog
        open={deleting !== null}
        title={t('sync.adminDelete')}
        text={t('sync.adminDeleteConfirm', { name: deleting?.name ?? '' })}
        onConfirm={async () => {
          if (!deleting) return
          try {
            await remove(deleting.id).unwrap()
            enqueueSnackbar(t('sync.adminDeleted', { name: deleting.name }), {
              variant: 'success',
            })
          } catch (err) {
            enqueueSnackbar(toFailure(err).message, { variant: 'error' })
          } finally {
            setDeleting(null)
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  )
}
