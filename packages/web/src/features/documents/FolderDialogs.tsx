import Alert from '@mui/material/Alert'
import Checkbox from '@mui/material/Checkbox'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import type { DocumentFolder } from '@gis/shared/documents'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { DataTable } from '../../components/DataTable'
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { FormDialog, FormTextField, useFormSave, useSchemaForm } from '../../components/form'
import { folderResolver, type FolderForm } from './document-forms'
import {
  useCreateFolderMutation,
  useDocumentGroupsQuery,
  useSetFolderGroupsMutation,
  useUpdateFolderMutation,
} from './documents.api'
import { useMutationToast } from '../../components/use-mutation-toast'

/** What the folder dialog does: a new folder (under `parentId`) or a rename. */
export type FolderEdit = { parentId: number | null } | { folder: DocumentFolder }

/** 'Nova pasta' / 'Nova subpasta' / 'Renomear pasta': the name, the server's rules. */
export function FolderDialog({
  edit,
  onClose,
  onSaved,
}: {
  edit: FolderEdit
  onClose: () => void
  onSaved: (folder: DocumentFolder) => void
}) {
  const renaming = 'folder' in edit
  const form = useSchemaForm<FolderForm>({
    resolver: folderResolver,
    defaultValues: { name: renaming ? edit.folder.name : '' },
  })
  const save = useFormSave(form)
  const [create] = useCreateFolderMutation()
  const [update] = useUpdateFolderMutation()
  const title = renaming
    ? t('documents.renameFolder')
    : edit.parentId
      ? t('documents.newSubfolder')
      : t('documents.newFolder')
  return (
    <FormDialog
      open
      maxWidth="xs"
      title={title}
      form={form}
      formId="document-folder-form"
      submitLabel={t('documents.save')}
      onClose={onClose}
      formSx={{ pt: 1 }}
      onSubmit={async ({ name }) => {
        let saved: DocumentFolder | undefined
        const ok = await save(async () => {
          saved = renaming
            ? await update({ id: edit.folder.id, body: { name } }).unwrap()
            : await create({ name, parentId: edit.parentId }).unwrap()
        }, t('documents.folderSaved'))
        if (ok && saved) onSaved(saved)
      }}
    >
      <FormTextField name="name" label={t('documents.folderName')} fullWidth autoFocus />
    </FormDialog>
  )
}

type Rights = Map<number, { read: boolean; write: boolean }>

/**
 * 'Permissões da pasta' (administrators): each group may read, or read and change, the
 * folder's documents; no group ticked: the folder follows the one above.
 */
export function PermissionsDialog({
  folder,
  onClose,
}: {
  folder: DocumentFolder
  onClose: () => void
}) {
  const run = useMutationToast()
  const groups = useDocumentGroupsQuery()
  const [setGroups, { isLoading }] = useSetFolderGroupsMutation()
  const [rights, setRights] = useState<Rights>(new Map())
  useEffect(() => {
    setRights(
      new Map((folder.groups ?? []).map((g) => [g.groupId, { read: true, write: g.canWrite }])),
    )
  }, [folder])

  const change = (id: number, read: boolean, write: boolean) =>
    setRights((r) => new Map(r).set(id, { read: read || write, write }))

  async function save() {
    const body = [...rights]
      .filter(([, r]) => r.read)
      .map(([groupId, r]) => ({ groupId, canWrite: r.write }))
    const saved = await run(
      () => setGroups({ id: folder.id, body }).unwrap(),
      t('documents.permissionsSaved'),
      t('documents.failed'),
    )
    if (saved) onClose()
  }

  const none = ![...rights.values()].some((r) => r.read)
  const rightsOf = (id: number) => rights.get(id) ?? { read: false, write: false }
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={`${t('documents.folderPermissions')}: ${folder.name}`}
      titleId="document-permissions-title"
      dividers
      actions={
        <DialogButtons
          back={t('documents.cancel')}
          onBack={onClose}
          act={t('documents.save')}
          onAct={() => void save()}
          actDisabled={isLoading || !groups.data}
        />
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('documents.permissionsHint')}
      </Typography>
      {groups.isFetching && <LinearProgress aria-label={t('documents.permissionsGroup')} />}
      {groups.data && none && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('documents.permissionsInherited')}
        </Alert>
      )}
      <DataTable
        bare
        noLoadingBar
        label={`${t('documents.folderPermissions')}: ${folder.name}`}
        columns={[
          { key: 'group', label: t('documents.permissionsGroup'), render: (g) => g.name },
          {
            key: 'read',
            label: t('documents.permissionsRead'),
            padding: 'checkbox',
            render: (g) => {
              const r = rightsOf(g.id)
              return (
                <Checkbox
                  checked={r.read}
                  onChange={(e) => change(g.id, e.target.checked, e.target.checked && r.write)}
                  slotProps={{
                    input: { 'aria-label': `${t('documents.permissionsRead')} ${g.name}` },
                  }}
                />
              )
            },
          },
          {
            key: 'write',
            label: t('documents.permissionsWrite'),
            padding: 'checkbox',
            render: (g) => {
              const r = rightsOf(g.id)
              return (
                <Checkbox
                  checked={r.write}
                  onChange={(e) => change(g.id, r.read, e.target.checked)}
                  slotProps={{
                    input: { 'aria-label': `${t('documents.permissionsWrite')} ${g.name}` },
                  }}
                />
              )
            },
          },
        ]}
        rows={groups.data ?? []}
        rowKey={(g) => g.id}
        empty=""
      />
    </DialogFrame>
  )
}
