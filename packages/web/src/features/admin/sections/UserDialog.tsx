import Box from '@mui/material/Box'
import { adminUserCreateSchema, adminUserUpdateSchema } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import type { AdminUserRecord } from '@gis/shared'
import type { Resolver } from 'react-hook-form'
import { useCurrentUser } from '../../../state/session'
import {
  FormDialog,
  FormMultiSelect,
  FormPasswordField,
  FormSwitch,
  FormTextField,
  schemaResolver,
  useFormSave,
  useSchemaForm,
} from '../../../components/form'
import { useListGroupsQuery } from '../groups.api'
import { useCreateUserMutation, useUpdateUserMutation } from '../users.api'

interface UserForm {
  name: string
  username: string
  email: string
  sector: string
  password: string
  active: boolean
  admin: boolean
  groupIds: number[]
}

const createResolver = schemaResolver<UserForm>(adminUserCreateSchema)
const updateBase = schemaResolver<UserForm>(adminUserUpdateSchema.omit({}))

/** Editing keeps the password when its box is left empty. */
const updateResolver: Resolver<UserForm> = (values, context, options) => {
  const { username: _username, password, ...rest } = values
  return updateBase((password ? { ...rest, password } : rest) as UserForm, context, options)
}

/** Novo usuário / Editar usuário: the account's data, its flags, password and groups. */
export function UserDialog({
  user,
  onClose,
}: {
  user: AdminUserRecord | null
  onClose: () => void
}) {
  const me = useCurrentUser()
  const self = user !== null && user.id === me?.id
  const { data: groups } = useListGroupsQuery({ page: 0, limit: 1000, sort: 'name' })
  const [create] = useCreateUserMutation()
  const [update] = useUpdateUserMutation()
  const form = useSchemaForm<UserForm>({
    resolver: user ? updateResolver : createResolver,
    defaultValues: {
      name: user?.name ?? '',
      username: user?.username ?? '',
      email: user?.email ?? '',
      sector: user?.sector ?? '',
      password: '',
      active: user?.active ?? true,
      admin: user?.admin ?? false,
      groupIds: user?.groups.map((g) => g.id) ?? [],
    },
  })

  const save = useFormSave(form)
  async function submit(values: UserForm) {
    const { username: _u, password, ...changes } = values
    const saved = user
      ? await save(
          () =>
            update({
              id: user.id,
              changes: password ? { ...changes, password } : changes,
            }).unwrap(),
          t('users.updated'),
        )
      : await save(() => create(values).unwrap(), t('adm.users.created'))
    if (saved) onClose()
  }

  const submitting = form.formState.isSubmitting
  return (
    <FormDialog
      title={user ? t('adm.users.editTitle', { username: user.username }) : t('adm.users.newTitle')}
      form={form}
      formId="user-form"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={user ? t('adm.save') : t('adm.create')}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <FormTextField name="name" label={t('users.colName')} required />
        <FormTextField
          name="username"
          label={t('users.colUsername')}
          required={!user}
          disabled={Boolean(user)}
        />
        <FormTextField name="email" label={t('users.colEmail')} required />
        <FormTextField name="sector" label={t('users.colSector')} required />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormPasswordField
            name="password"
            label={user ? t('adm.users.newPassword') : t('adm.users.password')}
            required={!user}
            fullWidth
          />
        </Box>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormMultiSelect
            name="groupIds"
            label={t('adm.users.groups')}
            fullWidth
            options={(groups?.rows ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Box>
        <FormSwitch name="active" label={t('adm.users.active')} disabled={self || submitting} />
        <FormSwitch name="admin" label={t('adm.users.admin')} disabled={self || submitting} />
      </Box>
    </FormDialog>
  )
}
