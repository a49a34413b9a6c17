import WarningAmber from '@mui/icons-material/WarningAmber'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import {
  fieldNameProblem,
  TABLE_GEOMETRIES,
  tableCreateSchema,
  tableNameProblem,
  type FieldDefinition,
  type NameProblem,
  type TableGeometry,
} from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useMemo, useState } from 'react'
import { toFailure } from '../../../api/base-api'
import {
  FormDialog,
  FormSelect,
  schemaResolver,
  showServerErrors,
  useSchemaForm,
} from '../../../components/form'
import { RowActions } from '../common/RowActions'
import { useCreateTableMutation } from '../schema.api'
import { FieldDialog, NameField, type FieldRow } from './FieldDialog'
import { FieldsTable } from './FieldsTable'

let nextId = 0
const newId = () => `f${Date.now()}-${(nextId += 1)}`

const sizeText = (f: FieldDefinition) =>
  f.type === 'string'
    ? String(f.length ?? '')
    : f.type === 'numeric'
      ? `${f.precision ?? ''}, ${f.scale ?? ''}`
      : ''

const problemText = (problem: NameProblem | undefined) =>
  problem ? t(problem.key, problem.params) : undefined

type NewTable = { name: string; geometry: TableGeometry }

const GEOMETRY_OPTIONS = TABLE_GEOMETRIES.map((g) => ({
  value: g,
  label: t(`admin.schema.geometry.${g}`),
}))

/**
 * 'Nova tabela' (spec 3 §2): name, geometry type, 'Buscar campo', the fields table with edit,
 * delete and the warning icon of a field in error, NOVO CAMPO ('Novo campo'), Criar and
 * CANCELAR. Every name rule is checked here with the spec's messages (the name from the moment
 * it is left, as it is typed) and again by the server, whose answers land on the same places.
 * The name and the geometry are the form; the fields are a list the dialog keeps beside it.
 */
export function NewTableDialog({
  existing,
  onCreated,
  onClose,
}: {
  existing: string[]
  onCreated: (name: string) => void
  onClose: () => void
}) {
  const resolver = useMemo(
    () =>
      schemaResolver<NewTable>(tableCreateSchema.pick({ name: true, geometry: true }), [
        {
          field: 'name',
          fails: (v) => Boolean(tableNameProblem(v.name, existing)),
          message: (v) => problemText(tableNameProblem(v.name, existing)) ?? '',
        },
      ]),
    [existing],
  )
  const form = useSchemaForm<NewTable>({
    resolver,
    defaultValues: { name: '', geometry: 'Point' },
    mode: 'onTouched',
  })
  const [fields, setFields] = useState<FieldRow[]>([])
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<FieldRow | 'new' | null>(null)
  const [serverRows, setServerRows] = useState(new Map<number, string>())
  const [create] = useCreateTableMutation()
  const { enqueueSnackbar } = useSnackbar()
  const name = form.watch('name')

  const rowError = (i: number): string | undefined =>
    problemText(
      fieldNameProblem(
        fields[i]!.name,
        fields.slice(0, i).map((f) => f.name),
      ),
    ) ?? serverRows.get(i)
  const shown = fields
    .map((f, i) => ({ ...f, i }))
    .filter((f) => !search || f.name.includes(search.toLowerCase()))
  const failed = () => enqueueSnackbar(t('admin.schema.createFailed'), { variant: 'error' })

  async function submit(values: NewTable) {
    if (fields.some((_, i) => rowError(i))) return failed()
    try {
      await create({ ...values, fields: fields.map(({ id: _id, ...f }) => f) }).unwrap()
      enqueueSnackbar(t('adm.tables.created', { name: values.name }), { variant: 'success' })
      onCreated(values.name)
    } catch (err) {
      const failure = toFailure(err)
      if (failure.status !== 400) {
        enqueueSnackbar(failure.message, { variant: 'error' })
        return
      }
      const rows = new Map<number, string>()
      for (const e of failure.errors) {
        const m = /^fields\.(\d+)\./.exec(e.field)
        if (!m) continue
        const before = rows.get(Number(m[1]))
        rows.set(Number(m[1]), before ? `${before}, ${e.message}` : e.message)
      }
      setServerRows(rows)
      showServerErrors(form, failure)
      failed()
    }
  }

  const list = (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 3, mb: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('adm.newTable.searchField')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" onClick={() => setEditing('new')}>
          {t('adm.newTable.newField')}
        </Button>
      </Box>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('adm.newTable.noFields')}
        </Typography>
      ) : (
        <FieldsTable
          label={t('adm.tables.fields', { name: name || '…' })}
          rows={shown}
          rowKey={(f) => f.id}
          name={(f) => {
            const error = rowError(f.i)
            return (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {error && (
                  <Tooltip title={error}>
                    <WarningAmber
                      color="error"
                      fontSize="small"
                      role="img"
                      aria-label={t('adm.newTable.fieldError', { name: f.name, message: error })}
                    />
                  </Tooltip>
                )}
                {f.name}
              </Box>
            )
          }}
          type={(f) => t(`admin.schema.type.${f.type}`)}
          size={sizeText}
          actions={(f) => (
            <RowActions
              name={f.name}
              onEdit={() => setEditing(fields[f.i]!)}
              onDelete={() => {
                setFields((all) => all.filter((x) => x.id !== f.id))
                setServerRows(new Map())
              }}
            />
          )}
        />
      )}
    </>
  )

  return (
    <FormDialog
      title={t('adm.newTable.title')}
      maxWidth="md"
      form={form}
      formId="new-table-form"
      formSx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { sm: '2fr 1fr' } }}
      onSubmit={submit}
      onInvalid={failed}
      onClose={onClose}
      submitLabel={t('adm.newTable.create')}
      below={list}
      after={
        editing !== null && (
          <FieldDialog
            field={editing === 'new' ? null : editing}
            others={fields
              .filter((f) => editing === 'new' || f.id !== editing.id)
              .map((f) => f.name)}
            onClose={() => setEditing(null)}
            onSave={(def) => {
              setServerRows(new Map())
              if (editing === 'new') setFields((all) => [...all, { ...def, id: newId() }])
              else
                setFields((all) => all.map((f) => (f.id === editing.id ? { ...def, id: f.id } : f)))
              return true
            }}
          />
        )
      }
    >
      <NameField label={t('adm.newTable.name')} />
      <FormSelect
        native
        name="geometry"
        label={t('adm.newTable.geometry')}
        options={GEOMETRY_OPTIONS}
      />
    </FormDialog>
  )
}
