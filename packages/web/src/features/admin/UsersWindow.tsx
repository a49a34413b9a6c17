import Search from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import InputAdornment from '@mui/material/InputAdornment'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import type { UserRecord } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect, useState } from 'react'
import { useListUsersQuery, useUpdateUserMutation } from '../../api/endpoints'
import { useBusy } from '../../app/use-busy'
import type { WindowProps } from '../workspace/window-registry'
import type { PagedState } from '../workspace/paged-state'
import { PagedTable, type Column } from './PagedTable'

const DEFAULT: PagedState = { page: 0, limit: 10, query: '' }
/** Text inputs are throttled (spec section 9). */
const SEARCH_DELAY_MS = 400

/** Users (administrators): activate new accounts, grant or remove administrator rights. */
export function UsersWindow({ state, setState }: WindowProps<PagedState>) {
  const paging = state ?? DEFAULT
  const [query, setQuery] = useState(paging.query)
  const { data, isFetching, isError } = useListUsersQuery({
    page: paging.page,
    limit: paging.limit,
    sort: 'username',
    query: paging.query || undefined,
  })
  const [update] = useUpdateUserMutation()
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()

  useEffect(() => {
    if (query === paging.query) return
    const timer = window.setTimeout(() => setState({ ...paging, page: 0, query }), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [query, paging, setState])

  useEffect(() => {
    if (isError) enqueueSnackbar(t('users.loadFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])

  async function change(user: UserRecord, changes: { active?: boolean; admin?: boolean }) {
    const result = await busy(() => update({ id: user.id, changes }))
    if ('data' in result) enqueueSnackbar(t('users.updated'), { variant: 'success' })
    else {
      const failure = result.error as { message?: string }
      enqueueSnackbar(failure.message ?? t('users.updateFailed'), { variant: 'error' })
    }
  }

  const columns: Column<UserRecord>[] = [
    {
      key: 'username',
      label: t('users.colUsername'),
      render: (u) => <strong>{u.username}</strong>,
    },
    { key: 'name', label: t('users.colName'), render: (u) => u.name, wide: true },
    { key: 'email', label: t('users.colEmail'), render: (u) => u.email, wide: true },
    { key: 'sector', label: t('users.colSector'), render: (u) => u.sector, wide: true },
    {
      key: 'active',
      label: t('users.colActive'),
      render: (u) => (
        <Switch
          checked={u.active}
          onChange={(e) => void change(u, { active: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('users.activeLabel', { username: u.username }) } }}
        />
      ),
    },
    {
      key: 'admin',
      label: t('users.colAdmin'),
      render: (u) => (
        <Switch
          checked={u.admin}
          onChange={(e) => void change(u, { admin: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('users.adminLabel', { username: u.username }) } }}
        />
      ),
    },
  ]

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="h6" component="h2">
            {t('users.windowTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('users.description')}
          </Typography>
        </Box>
        <TextField
          label={t('users.searchLabel')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          sx={{ width: { xs: '100%', sm: 280 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <PagedTable
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        empty={t('users.none')}
        paging={paging}
        onPaging={setState}
      />
    </Box>
  )
}
