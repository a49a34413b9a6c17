import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { parseDocumentTags, type DocumentDetail } from '@gis/shared/documents'
import { formatFileSize } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useEffect } from 'react'
import {
  FormSelect,
  FormTextField,
  SchemaForm,
  SubmitButton,
  useFormSave,
  useSchemaForm,
} from '../../components/form'
import { formatWhen, type FolderEntry } from './document-format'
import { documentResolver, type DocumentForm } from './document-forms'
import { useUpdateDocumentMutation } from './documents.api'

const valuesOf = (doc: DocumentDetail): DocumentForm => ({
  title: doc.title,
  description: doc.description,
  tags: doc.tags.join(', '),
  folderId: doc.folderId,
})

/** DADOS: the file's facts, and title, description, tags and folder (SALVAR where allowed). */
export function DocumentInfo({
  doc,
  folders,
  editable,
}: {
  doc: DocumentDetail
  /** The folders the document may move to (those the user writes in). */
  folders: readonly FolderEntry[]
  editable: boolean
}) {
  const form = useSchemaForm<DocumentForm>({
    resolver: documentResolver,
    defaultValues: valuesOf(doc),
  })
  const save = useFormSave(form)
  const [update] = useUpdateDocumentMutation()
  const { reset } = form
  useEffect(() => reset(valuesOf(doc)), [doc, reset])

  const options = folders.map((f) => ({ value: f.folder.id, label: f.path }))
  if (!options.some((o) => o.value === doc.folderId))
    options.unshift({ value: doc.folderId, label: doc.folderPath })
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="body2">
          {t('documents.fileInfo', {
            filename: doc.filename,
            size: formatFileSize(doc.size),
            version: doc.version,
          })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('documents.updatedBy', { date: formatWhen(doc.updated), user: doc.updatedBy ?? '-' })}
        </Typography>
      </Box>
      <SchemaForm
        form={form}
        onSubmit={async (values) => {
          await save(
            () =>
              update({
                id: doc.id,
                body: {
                  title: values.title,
                  description: values.description,
                  tags: parseDocumentTags(values.tags),
                  folderId: values.folderId ?? doc.folderId,
                },
              }).unwrap(),
            t('documents.saved'),
          )
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <FormTextField name="title" label={t('documents.fieldTitle')} disabled={!editable} />
        <FormTextField
          name="description"
          label={t('documents.fieldDescription')}
          multiline
          minRows={3}
          disabled={!editable}
        />
        <FormTextField name="tags" label={t('documents.fieldTags')} disabled={!editable} />
        <FormSelect
          name="folderId"
          label={t('documents.fieldFolder')}
          options={options}
          disabled={!editable}
        />
        {editable && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <SubmitButton label={t('documents.save')} />
          </Box>
        )}
      </SchemaForm>
    </Box>
  )
}
