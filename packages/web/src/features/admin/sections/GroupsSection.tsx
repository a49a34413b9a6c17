import ArrowBack from '@mui/icons-material/ArrowBack'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Link from '@mui/material/Link'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { groupInputSchema } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import type { GroupInput, GroupRecord } from '@gis/shared'
import { useEffect, useState } from 'react'
import {
  FormDialog,
  FormMultiSelect,
  FormTextField,
  schemaResolver,
  SchemaForm,
  useFormSave,
  useSchemaForm,
  FormSaveBar,
} from '../../../components/form'
import type { Column } from '../../../components/PagedTable'
import { listArgs } from '../../../components/paged-state'
import { CrudSection } from '../common/CrudSection'
import { PermissionMatrix } from './PermissionMatrix'
import { usePaging } from '../common/use-paging'
import {
  useCreateGroupMutation,
  useDeleteGroupMutation,
  useGroupMembersQuery,
  useListGroupsQuery,
  useSaveMembersMutation,
  useUpdateGroupMutation,
} from '../groups.api'
import { useListUsersQuery } from '../users.api'
import { useMutationToast } from '../../../components/use-mutation-toast'

const groupResolver = schemaResolver<GroupInput>(groupInputSchema)

function GroupDialog({ group, onClose }: { group: GroupRecord | null; onClose: () => void }) {
  const [create] = useCreateGroupMutation()
  const [update] = useUpdateGroupMutation()
  const form = useSchemaForm<GroupInput>({
    resolver: groupResolver,
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  })
  const save = useFormSave(form)
  async function submit(values: GroupInput) {
    const work = () =>
      group ? update({ id: group.id, group: values }).unwrap() : create(values).unwrap()
    if (await save(work, t('adm.saved'))) onClose()
  }
  return (
    <FormDialog
      title={group ? t('adm.groups.editTitle') : t('adm.groups.newTitle')}
      form={form}
      formId="group-form"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={group ? t('adm.save') : t('adm.create')}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <FormTextField name="name" label={t('adm.groups.name')} required />
        <FormTextField name="description" label={t('adm.groups.description')} multiline />
      </Box>
    </FormDialog>
  )
}

function Members({ group }: { group: GroupRecord }) {
  const { data: members } = useGroupMembersQuery(group.id, { refetchOnMountOrArgChange: true })
  const { data: users } = useListUsersQuery({ page: 0, limit: 1000, sort: 'username' })
  const [save] = useSaveMembersMutation()
  const run = useMutationToast()
  const form = useSchemaForm<{ userIds: number[] }>({
    resolver: async (values) => ({ values, errors: {} }),
    defaultValues: { userIds: [] },
  })
  useEffect(() => {
    if (members) form.reset({ userIds: members.map((m) => m.id) })
  }, [members, form])
  async function submit({ userIds }: { userIds: number[] }) {
    await run(() => save({ id: group.id, userIds }).unwrap(), t('adm.saved'))
  }
  return (
    <SchemaForm form={form} onSubmit={submit}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adm.groups.membersHint')}
      </Typography>
      <FormMultiSelect
        name="userIds"
        label={t('adm.groups.members')}
        fullWidth
        options={(users?.rows ?? []).map((u) => ({
          value: u.id,
          label: `${u.username} (${u.name})`,
        }))}
      />
      <FormSaveBar />
    </SchemaForm>
  )
}

function GroupDetail({ group, onBack }: { group: GroupRecord; onBack: () => void }) {
  const [tab, setTab] = useState<'permissions' | 'members'>('permissions')
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <IconButton aria-label={t('adm.groups.back')} onClick={onBack}>
          <ArrowBack />
        </IconButton>
        <Typography variant="h6" component="h2">
          {group.name}
        </Typography>
      </Box>
      {group.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {group.description}
        </Typography>
      )}
      <Tabs value={tab} onChange={(_, v: 'permissions' | 'members') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="permissions" label={t('adm.groups.tabPermissions')} />
        <Tab value="members" label={t('adm.groups.tabMembers')} />
      </Tabs>
      {tab === 'permissions' ? <PermissionMatrix group={group} /> : <Members group={group} />}
    </Box>
  )
}

/** Grupos e permissões: the groups, each with its matrix of layers by flags and its members. */
export function GroupsSection() {
  const [paging, setPaging] = usePaging()
  const { data, isFetching } = useListGroupsQuery(listArgs(paging, 'name'))
  const [remove] = useDeleteGroupMutation()
  const [openId, setOpenId] = useState<number | null>(null)
  const opened = data?.rows.find((g) => g.id === openId)
  if (opened) return <GroupDetail group={opened} onBack={() => setOpenId(null)} />

  const columns: Column<GroupRecord>[] = [
    {
      key: 'name',
      label: t('adm.groups.name'),
      render: (g) => (
        <Link
          component="button"
          onClick={() => setOpenId(g.id)}
          aria-label={t('adm.groups.open', { name: g.name })}
          sx={{ fontWeight: 600, textAlign: 'left' }}
        >
          {g.name}
        </Link>
      ),
    },
    {
      key: 'description',
      label: t('adm.groups.description'),
      render: (g) => g.description,
      wide: true,
    },
    { key: 'members', label: t('adm.groups.colMembers'), render: (g) => g.members },
    { key: 'layers', label: t('adm.groups.colLayers'), render: (g) => g.layers, wide: true },
  ]
  return (
    <CrudSection
      title={t('dash.section.groups')}
      description={t('dash.section.groups.hint')}
      searchLabel={t('adm.groups.search')}
      columns={columns}
      data={data}
      loading={isFetching}
      empty={t('adm.groups.none')}
      paging={paging}
      onPaging={setPaging}
      newLabel={t('adm.groups.new')}
      rowActions={(g) => ({ name: g.name })}
      dialog={(g, close) => <GroupDialog group={g} onClose={close} />}
      deleteTitle={(g) => t('adm.groups.deleteTitle', { name: g?.name ?? '' })}
      deleteText={() => t('adm.groups.deleteText')}
      remove={(g) => remove(g.id).unwrap()}
    />
  )
}
