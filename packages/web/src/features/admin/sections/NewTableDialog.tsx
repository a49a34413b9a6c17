import WarningAmber from '@mui/icons-material/WarningAmber'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import {
  fieldNameProblem,
  TABLE_GEOMETRIES,
  tableNameProblem,
  typedName,
  type FieldDefinition,
  type TableGeometry,
} from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { toFailure } from '../../../api/base-api'
import { RowActions } from '../common/RowActions'
import { useCreateTableMutation } from '../schema.api'
import { FieldDialog, type FieldRow } from './FieldDialog'

let nextId = 0
const newId = () => `f${Date.now()}-${(nextId += 1)}`

const sizeText = (f: FieldDefinition) =>
  f.type === 'string'
    ? String(f.length ?? '')
    : f.type === 'numeric'
      ? `${f.precision ?? ''}, ${f.scale ?? ''}`
      : ''

/**
 * 'Nova tabela' (spec 3 §2): name, geometry type, 'Buscar campo', the fields table with edit,
 * delete and the warning icon of a field in error, NOVO CAMPO ('Novo campo'), Criar and
 * CANCELAR. Every name rule is checked here with the spec's messages and again by the server,
 * whose answers land on the same places.
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
  const [name, setName] = useState('')
  const [geometry, setGeometry] = useState<TableGeometry>('Point')
  const [fields, setFields] = useState<FieldRow[]>([])
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<FieldRow | 'new' | null>(null)
  const [touched, setTouched] = useState(false)
  const [serverErrors, setServerErrors] = useState<{ name?: string; rows: Map<number, string> }>({
    rows: new Map(),
  })
  const [create, { isLoading }] = useCreateTableMutation()
  const { enqueueSnackbar } = useSnackbar()

  const nameProblem = tableNameProblem(name, existing)
  const nameError =
    serverErrors.name ??
    (touched && nameProblem ? t(nameProblem.key, nameProblem.params) : undefined)
  const rowError = (i: number): string | undefined => {
    const problem = fieldNameProblem(
      fields[i]!.name,
      fields.slice(0, i).map((f) => f.name),
    )
    return problem ? t(problem.key, problem.params) : serverErrors.rows.get(i)
  }
  const shown = fields
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => !search || f.name.includes(search.toLowerCase()))

  async function submit() {
    setTouched(true)
    const failed = () => enqueueSnackbar(t('admin.schema.createFailed'), { variant: 'error' })
    if (nameProblem || fields.some((_, i) => rowError(i))) return failed()
    try {
      await create({
        name,
        geometry,
        fields: fields.map(({ id: _id, ...f }) => f),
      }).unwrap()
      enqueueSnackbar(t('adm.tables.created', { name }), { variant: 'success' })
      onCreated(name)
    } catch (err) {
      const failure = toFailure(err)
      if (failure.status !== 400) {
        enqueueSnackbar(failure.message, { variant: 'error' })
        return
      }
      const rows = new Map<number, string>()
      let tableError: string | undefined
      for (const e of failure.errors) {
        const m = /^fields\.(\d+)\./.exec(e.field)
        if (m)
          rows.set(
            Number(m[1]),
            rows.has(Number(m[1])) ? `${rows.get(Number(m[1]))}, ${e.message}` : e.message,
          )
        else if (e.field === 'name') tableError = e.message
      }
      setServerErrors({ name: tableError, rows })
      failed()
    }
  }

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('adm.newTable.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { sm: '2fr 1fr' } }}>
          <TextField
            label={t('adm.newTable.name')}
            required
            autoFocus
            value={name}
            onChange={(e) => {
              setName(typedName(e.target.value, name))
              setServerErrors((s) => ({ ...s, name: undefined }))
            }}
            onBlur={() => setTouched(true)}
            error={Boolean(nameError)}
            helperText={nameError ?? t('adm.newTable.nameHint')}
          />
          <TextField
            select
            label={t('adm.newTable.geometry')}
            value={geometry}
            onChange={(e) => setGeometry(e.target.value as TableGeometry)}
            slotProps={{ select: { native: true } }}
          >
            {TABLE_GEOMETRIES.map((g) => (
              <option key={g} value={g}>
                {t(`admin.schema.geometry.${g}`)}
              </option>
            ))}
          </TextField>
        </Box>
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
          <Table size="small" aria-label={t('adm.tables.fields', { name: name || '…' })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('adm.newTable.colName')}</TableCell>
                <TableCell>{t('adm.newTable.colType')}</TableCell>
                <TableCell>{t('adm.newTable.colSize')}</TableCell>
                <TableCell>{t('adm.newTable.colNotNull')}</TableCell>
                <TableCell>{t('adm.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map(({ f, i }) => {
                const error = rowError(i)
                return (
                  <TableRow key={f.id}>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        {error && (
                          <Tooltip title={error}>
                            <WarningAmber
                              color="error"
                              fontSize="small"
                              role="img"
                              aria-label={t('adm.newTable.fieldError', {
                                name: f.name,
                                message: error,
                              })}
                            />
                          </Tooltip>
                        )}
                        {f.name}
                      </Box>
                    </TableCell>
                    <TableCell>{t(`admin.schema.type.${f.type}`)}</TableCell>
                    <TableCell>{sizeText(f)}</TableCell>
                    <TableCell>{f.notNull ? t('adm.yes') : t('adm.no')}</TableCell>
                    <TableCell>
                      <RowActions
                        name={f.name}
                        onEdit={() => setEditing(f)}
                        onDelete={() => {
                          setFields((all) => all.filter((x) => x.id !== f.id))
                          setServerErrors((s) => ({ ...s, rows: new Map() }))
                        }}
                      />
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('adm.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {t('adm.newTable.create')}
        </Button>
      </DialogActions>
      {editing !== null && (
        <FieldDialog
          field={editing === 'new' ? null : editing}
          others={fields.filter((f) => editing === 'new' || f.id !== editing.id).map((f) => f.name)}
          onClose={() => setEditing(null)}
          onSave={(def) => {
            setServerErrors((s) => ({ ...s, rows: new Map() }))
            if (editing === 'new') setFields((all) => [...all, { ...def, id: newId() }])
            else
              setFields((all) => all.map((f) => (f.id === editing.id ? { ...def, id: f.id } : f)))
            return true
          }}
        />
      )}
    </Dialog>
  )
}
