import { t } from '@gis/shared/i18n'
import type { UserRecord } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { useCurrentUser } from '../../state/session'
import { useBusy } from '../../state/use-busy'
import { PagedTable, type Column } from '../../components/PagedTable'
import { FIRST_PAGE, listArgs, type PagedState } from '../../components/paged-state'
import type { WindowProps } from '../../windows/window-type'
import { flagColumns, userColumns, type Flag } from './user-columns'
import { useListUsersQuery, useUpdateUserMutation } from './users.api'

/** Users (administrators): activate new accounts, grant or remove administrator rights. */
export function UsersWindow({ state, setState }: WindowProps<PagedState>) {
  const paging = state ?? FIRST_PAGE
  const me = useCurrentUser()
  const { data, isFetching, isError } = useListUsersQuery(listArgs(paging, 'username'))
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

  const columns: Column<UserRecord>[] = [
    ...userColumns(me?.id),
    { key: 'sector', label: t('users.colSector'), render: (u) => u.sector, wide: true },
    ...flagColumns(me?.id, (u, c) => void change(u, c)),
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
