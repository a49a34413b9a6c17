import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import type { LoginRecord } from '@gis/shared'
import { useListLoginsQuery } from '../../api/endpoints'
import type { WindowProps } from '../workspace/window-registry'
import type { PagedState } from '../workspace/paged-state'
import { PagedTable, type Column } from './PagedTable'

const DEFAULT: PagedState = { page: 0, limit: 10, query: '' }
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' })

/** Sign-in records (administrators): who, when and from where; newest first. */
export function LoginsWindow({ state, setState }: WindowProps<PagedState>) {
  const paging = state ?? DEFAULT
  const { data, isFetching } = useListLoginsQuery(
    { page: paging.page, limit: paging.limit, sort: '-at' },
    { refetchOnMountOrArgChange: true },
  )
  const columns: Column<LoginRecord>[] = [
    {
      key: 'username',
      label: t('logins.colUsername'),
      render: (r) => <strong>{r.username}</strong>,
    },
    { key: 'name', label: t('logins.colName'), render: (r) => r.name ?? '', wide: true },
    { key: 'at', label: t('logins.colAt'), render: (r) => dateTime.format(new Date(r.at)) },
    { key: 'address', label: t('logins.colAddress'), render: (r) => r.address, wide: true },
    {
      key: 'agent',
      label: t('logins.colUserAgent'),
      wide: true,
      render: (r) => (
        <Box
          component="span"
          sx={{
            display: 'inline-block',
            maxWidth: 320,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            verticalAlign: 'bottom',
          }}
        >
          {r.userAgent}
        </Box>
      ),
    },
  ]
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2">
          {t('logins.windowTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('logins.description')}
        </Typography>
      </Box>
      <PagedTable
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        empty={t('logins.none')}
        paging={paging}
        onPaging={setState}
      />
    </Box>
  )
}
