import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Switch from '@mui/material/Switch'
import Tooltip from '@mui/material/Tooltip'
import { visuallyHidden } from '@mui/utils'
import { t } from '@gis/shared/i18n'
import type { UserRecord } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { useCurrentUser } from '../../app/session'
import { useBusy } from '../../app/use-busy'
import { PagedTable, type Column } from '../../components/PagedTable'
import { FIRST_PAGE, type PagedState } from '../../components/paged-state'
import type { WindowProps } from '../workspace'
import { useListUsersQuery, useUpdateUserMutation } from './users.api'

export type Flag = 'active' | 'admin'

/**
 * A switch of a user's row. The administrator's own switches are disabled, with the reason in
 * a tooltip and, for screen readers, in the switch's description: the server refuses anyway.
 */
export function FlagSwitch({
  user,
  flag,
  self,
  onChange,
}: {
  user: UserRecord
  flag: Flag
  self: boolean
  onChange: (user: UserRecord, changes: Partial<Record<Flag, boolean>>) => void
}) {
  const label =
    flag === 'active'
      ? t('users.activeLabel', { username: user.username })
      : t('users.adminLabel', { username: user.username })
  const reason = flag === 'active' ? t('users.cannotDeactivateSelf') : t('users.cannotDemoteSelf')
  const reasonId = `user-${user.id}-${flag}-locked`
  const control = (
    <Switch
      checked={user[flag]}
      disabled={self}
      onChange={(e) => onChange(user, { [flag]: e.target.checked })}
      slotProps={{
        input: {
          'aria-label': label,
          ...(self ? { 'aria-describedby': reasonId } : {}),
        },
      }}
    />
  )
  if (!self) return control
  return (
    <Tooltip title={reason}>
      <Box component="span" sx={{ display: 'inline-flex' }} data-testid={`${flag}-locked`}>
        {control}
        <Box component="span" id={reasonId} sx={visuallyHidden}>
          {reason}
        </Box>
      </Box>
    </Tooltip>
  )
}

/** Users (administrators): activate new accounts, grant or remove administrator rights. */
export function UsersWindow({ state, setState }: WindowProps<PagedState>) {
  const paging = state ?? FIRST_PAGE
  const me = useCurrentUser()
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
    if (isError) enqueueSnackbar(t('users.loadFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])

  async function change(user: UserRecord, changes: Partial<Record<Flag, boolean>>) {
    const result = await busy(() => update({ id: user.id, changes }))
    if ('data' in result) enqueueSnackbar(t('users.updated'), { variant: 'success' })
    else {
      const message = result.error && 'message' in result.error ? result.error.message : undefined
      enqueueSnackbar(message ?? t('users.updateFailed'), { variant: 'error' })
    }
  }

  const flag = (key: Flag, label: string): Column<UserRecord> => ({
    key,
    label,
    render: (u) => <FlagSwitch user={u} flag={key} self={u.id === me?.id} onChange={change} />,
  })
  const columns: Column<UserRecord>[] = [
    {
      key: 'username',
      label: t('users.colUsername'),
      render: (u) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <strong>{u.username}</strong>
          {/* Shown, not read: the locked switches say why to screen readers. */}
          {u.id === me?.id && <Chip size="small" label={t('users.you')} aria-hidden />}
        </Box>
      ),
    },
    { key: 'name', label: t('users.colName'), render: (u) => u.name, wide: true },
    { key: 'email', label: t('users.colEmail'), render: (u) => u.email, wide: true },
    { key: 'sector', label: t('users.colSector'), render: (u) => u.sector, wide: true },
    flag('active', t('users.colActive')),
    flag('admin', t('users.colAdmin')),
  ]

  return (
    <PagedTable
      title={t('users.windowTitle')}
      description={t('users.description')}
      searchLabel={t('users.searchLabel')}
      columns={columns}
      rows={data?.rows ?? []}
      total={data?.total ?? 0}
      loading={isFetching}
      empty={t('users.none')}
      paging={paging}
      onPaging={setState}
    />
  )
}
