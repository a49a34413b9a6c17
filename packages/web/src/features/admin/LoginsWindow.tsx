import { t } from '@gis/shared/i18n'
import type { LoginRecord } from '@gis/shared'
import { PagedTable, type Column } from '../../components/PagedTable'
import { FIRST_PAGE, type PagedState } from '../../components/paged-state'
import type { WindowProps } from '../../windows/window-type'
import { useListLoginsQuery } from './logins.api'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' })

const COLUMNS: Column<LoginRecord>[] = [
  { key: 'username', label: t('logins.colUsername'), render: (r) => <strong>{r.username}</strong> },
  { key: 'name', label: t('logins.colName'), render: (r) => r.name ?? '', wide: true },
  { key: 'at', label: t('logins.colAt'), render: (r) => dateTime.format(new Date(r.at)) },
  { key: 'address', label: t('logins.colAddress'), render: (r) => r.address, wide: true },
  { key: 'browser', label: t('logins.colBrowser'), render: (r) => r.browser, wide: true },
  { key: 'system', label: t('logins.colSystem'), render: (r) => r.system, wide: true },
]

/** Sign-in records (administrators): who, when, from where and with which browser; newest first. */
export function LoginsWindow({ state, setState }: WindowProps<PagedState>) {
  const paging = state ?? FIRST_PAGE
  const { data, isFetching } = useListLoginsQuery(
    { page: paging.page, limit: paging.limit, sort: '-at' },
    { refetchOnMountOrArgChange: true },
  )
  return (
    <PagedTable
      title={t('logins.windowTitle')}
      description={t('logins.description')}
      columns={COLUMNS}
      rows={data?.rows ?? []}
      total={data?.total ?? 0}
      loading={isFetching}
      empty={t('logins.none')}
      paging={paging}
      onPaging={setState}
    />
  )
}
