import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { FormTextField, SchemaForm, useSchemaForm } from '../../components/form'
import { schemaResolver } from '../../components/form/schema-resolver'
import { PagedTable, type Column } from '../../components/PagedTable'
import { FIRST_PAGE, type PagedState } from '../../components/paged-state'
import {
  useDeleteTemplateMutation,
  useListTemplatesQuery,
  useSaveTemplateMutation,
} from './dataloader.api'
import type { ImportConfig, ImportTemplate } from './dataloader-types'
import { DialogFrame } from '../../components/DialogFrame'

/** 'Modelos de importação': searchable, sortable, paged; ESCOLHER applies, EXCLUIR deletes. */
export function TemplatesDialog({
  onChoose,
  onClose,
}: {
  onChoose: (template: ImportTemplate) => void
  onClose: () => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const [paging, setPaging] = useState<PagedState>(FIRST_PAGE)
  const [sort, setSort] = useState('name')
  const { data, isFetching, isError, refetch } = useListTemplatesQuery({
    page: paging.page,
    limit: paging.limit,
    sort,
    search: paging.query,
  })
  const [remove] = useDeleteTemplateMutation()
  useEffect(() => {
    if (isError) enqueueSnackbar(t('dataloader.templatesFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])
  const columns: Column<ImportTemplate>[] = [
    { key: 'name', label: t('dataloader.templateName'), sortKey: 'name', render: (r) => r.name },
    {
      key: 'description',
      label: t('dataloader.templateDescription'),
      sortKey: 'description',
      wide: true,
      render: (r) => r.description,
    },
    {
      key: 'user',
      label: t('dataloader.templateUser'),
      sortKey: 'user',
      wide: true,
      render: (r) => r.user,
    },
    {
      key: 'createdDate',
      label: t('dataloader.templateDate'),
      sortKey: 'createdDate',
      wide: true,
      render: (r) => new Date(r.createdDate).toLocaleString('pt-BR'),
    },
    {
      key: 'actions',
      label: '',
      render: (r) => (
        <>
          <Button size="small" onClick={() => onChoose(r)}>
            {t('dataloader.templateChoose')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() =>
              void remove(r.id)
                .unwrap()
                .then(() => refetch())
                .catch(() =>
                  enqueueSnackbar(t('dataloader.templateDeleteFailed'), { variant: 'error' }),
                )
            }
          >
            {t('dataloader.templateDelete')}
          </Button>
        </>
      ),
    },
  ]
  return (
    <DialogFrame
      onClose={onClose}
      maxWidth="md"
      contentSx={{ p: 0 }}
      actions={<Button onClick={onClose}>{t('dataloader.close')}</Button>}
    >
      <PagedTable
        title={t('dataloader.templates')}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        empty={t('dataloader.templatesEmpty')}
        paging={paging}
        onPaging={setPaging}
        searchLabel={t('dataloader.templateSearch')}
        sort={sort}
        onSort={setSort}
      />
    </DialogFrame>
  )
}

const templateFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: t('field.required') })
    .max(200),
  description: z.string().max(2000),
})
type TemplateForm = z.infer<typeof templateFormSchema>
const resolver = schemaResolver<TemplateForm>(templateFormSchema)

/** SALVAR MODELO: name (required) and description; saved public (spec 2 §9). */
export function SaveTemplateDialog({
  config,
  onClose,
}: {
  config: ImportConfig
  onClose: () => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const [save] = useSaveTemplateMutation()
  const form = useSchemaForm<TemplateForm>({
    resolver,
    defaultValues: { name: '', description: '' },
  })
  async function submit(values: TemplateForm) {
    try {
      await save({
        ...values,
        isPublic: true,
        metadata: { ...config, mappings: config.mappings.filter((m) => m.destiny) },
      }).unwrap()
      enqueueSnackbar(t('dataloader.templateSaved'), { variant: 'success' })
      onClose()
    } catch (err) {
      // The spec only logs a failed save.
      console.error(err)
    }
  }
  return (
    <DialogFrame
      onClose={onClose}
      maxWidth="xs"
      title={t('dataloader.templateSaveTitle')}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" form="dataloader-template" variant="contained">
            {t('dataloader.templateSave')}
          </Button>
        </>
      }
    >
      <SchemaForm
        form={form}
        onSubmit={submit}
        id="dataloader-template"
        sx={{ display: 'grid', gap: 2, pt: 1 }}
      >
        <FormTextField name="name" label={t('dataloader.templateName')} required autoFocus />
        <FormTextField name="description" label={t('dataloader.templateDescription')} multiline />
      </SchemaForm>
    </DialogFrame>
  )
}
