import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import type { AdminUserRecord } from '@gis/shared'
import { useState } from 'react'
import { useCurrentUser } from '../../../state/session'
import type { Column } from '../../../components/PagedTable'
import { listArgs } from '../../../components/paged-state'
import { CrudSection } from '../common/CrudSection'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useAct } from '../common/use-act'
import { usePaging } from '../common/use-paging'
import { useDeleteUserMutation, useListUsersQuery, useUpdateUserMutation } from '../users.api'
import { flagColumns, userColumns, type Flag } from '../user-columns'
import { UserDialog } from './UserDialog'

/** Self-registered accounts awaiting activation: ATIVAR or RECUSAR (which deletes the request). */
function ActivationQueue() {
  const { data } = useListUsersQuery({ page: 0, limit: 100, sort: 'createdAt', status: 'pending' })
  const [update] = useUpdateUserMutation()
  const [remove] = useDeleteUserMutation()
  const [rejecting, setRejecting] = useState<AdminUserRecord | null>(null)
  const act = useAct()
  const rows = data?.rows ?? []
  if (rows.length === 0) {
    return (
      <Alert severity="success" sx={{ mx: { xs: 2, sm: 3 }, mt: 2 }}>
        {t('dash.metric.noPending')}
      </Alert>
    )
  }
  return (
    <Box
      component="section"
      aria-labelledby="activation-queue"
      sx={{
        mx: { xs: 2, sm: 3 },
        mt: 2,
        p: 2,
        border: 1,
        borderColor: 'warning.main',
        borderRadius: 1,
      }}
    >
      <Typography id="activation-queue" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('adm.users.queueTitle', { count: data?.total ?? rows.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('adm.users.queueHint')}
      </Typography>
      <List dense>
        {rows.map((u) => (
          <ListItem key={u.id} divider sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 0 }}>
            <ListItemText
              sx={{ flex: '1 1 240px' }}
              primary={`${u.username} · ${u.name}`}
              secondary={`${u.email} · ${u.sector}`}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                variant="contained"
                size="small"
                aria-label={t('adm.users.activateLabel', { username: u.username })}
                onClick={() =>
                  void act(
                    () => update({ id: u.id, changes: { active: true } }).unwrap(),
                    t('adm.users.activated', { username: u.username }),
                  )
                }
              >
                {t('adm.users.activate')}
              </Button>
              <Button
                size="small"
                color="error"
                aria-label={t('adm.users.rejectLabel', { username: u.username })}
                onClick={() => setRejecting(u)}
              >
                {t('adm.users.reject')}
              </Button>
            </Box>
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={rejecting !== null}
        title={t('adm.users.rejectTitle', { username: rejecting?.username ?? '' })}
        text={t('adm.users.rejectText')}
        confirmLabel={t('adm.users.reject')}
        onClose={() => setRejecting(null)}
        onConfirm={async () => {
          const u = rejecting!
          if (
            await act(
              () => remove(u.id).unwrap(),
              t('adm.users.rejected', { username: u.username }),
            )
          )
            setRejecting(null)
        }}
      />
    </Box>
  )
}

/** Usuários: the activation queue first, then every user with edit, delete and groups. */
export function UsersSection() {
  const [paging, setPaging] = usePaging()
  const me = useCurrentUser()
  const { data, isFetching } = useListUsersQuery(listArgs(paging, 'username'))
  const [update] = useUpdateUserMutation()
  const [remove] = useDeleteUserMutation()
  const act = useAct()

  const change = (user: { id: number }, changes: Partial<Record<Flag, boolean>>) =>
    void act(() => update({ id: user.id, changes }).unwrap(), t('users.updated'))

  const columns: Column<AdminUserRecord>[] = [
    ...userColumns<AdminUserRecord>(me?.id),
    {
      key: 'groups',
      label: t('adm.users.colGroups'),
      wide: true,
      render: (u) =>
        u.groups.length === 0 ? (
          t('adm.none')
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {u.groups.map((g) => (
              <Chip key={g.id} size="small" label={g.name} />
            ))}
          </Box>
        ),
    },
    ...flagColumns(me?.id, change),
  ]

  return (
    <>
      <ActivationQueue />
      <CrudSection
        title={t('users.windowTitle')}
        description={t('dash.section.users.hint')}
        searchLabel={t('users.searchLabel')}
        columns={columns}
        data={data}
        loading={isFetching}
        empty={t('users.none')}
        paging={paging}
        onPaging={setPaging}
        newLabel={t('adm.users.new')}
        rowActions={(u) => ({
          name: u.username,
          deleteBlocked: u.id === me?.id ? t('users.cannotDeleteSelf') : undefined,
        })}
        dialog={(u, close) => <UserDialog user={u} onClose={close} />}
        deleteTitle={(u) => t('adm.users.deleteTitle', { username: u?.username ?? '' })}
        deleteText={() => t('adm.users.deleteText')}
        remove={(u) => remove(u.id).unwrap()}
      />
    </>
  )
}
