import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Switch from '@mui/material/Switch'
import Tooltip from '@mui/material/Tooltip'
import { visuallyHidden } from '@mui/utils'
import { t } from '@gis/shared/i18n'
import type { UserRecord } from '@gis/shared'
import type { Column } from '../../components/PagedTable'

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

type OnFlag = (user: UserRecord, changes: Partial<Record<Flag, boolean>>) => void

/** The first columns of a user list: username (with 'Você' on one's own row), name, e-mail. */
export function userColumns<U extends UserRecord>(me: number | undefined): Column<U>[] {
  return [
    {
      key: 'username',
      label: t('users.colUsername'),
      render: (u) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <strong>{u.username}</strong>
          {/* Shown, not read: the locked switches say why to screen readers. */}
          {u.id === me && <Chip size="small" label={t('users.you')} aria-hidden />}
        </Box>
      ),
    },
    { key: 'name', label: t('users.colName'), render: (u) => u.name, wide: true },
    { key: 'email', label: t('users.colEmail'), render: (u) => u.email, wide: true },
  ]
}

/** The Ativo and Administrador switches of a user list. */
export function flagColumns<U extends UserRecord>(
  me: number | undefined,
  onChange: OnFlag,
): Column<U>[] {
  const flag = (key: Flag, label: string): Column<U> => ({
    key,
    label,
    render: (u) => <FlagSwitch user={u} flag={key} self={u.id === me} onChange={onChange} />,
  })
  return [flag('active', t('users.colActive')), flag('admin', t('users.colAdmin'))]
}
