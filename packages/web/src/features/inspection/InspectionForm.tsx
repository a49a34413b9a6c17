import Add from '@mui/icons-material/Add'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import type { BridgeDetail, InspectionDetail } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { DateInput } from '../../components/br-input'
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { useCurrentUser } from '../../state/session'
import { useUrlToken } from '../../state/url-token'
import { AnomalyEditor } from './AnomalyEditor'
import {
  allPhotos,
  anomalyKey,
  checkForm,
  formOf,
  newForm,
  serverErrors,
  withPhoto,
  type FormErrors,
  type InspectionFormState,
} from './form-model'
import {
  contentUrl,
  useCreateInspectionMutation,
  useInspectionTypesQuery,
  useUpdateInspectionMutation,
} from './inspection.api'
import { NoteSelect } from './NoteSelect'
import { uploading, usePhotoUploads } from './photo-uploads'
import { PhotoPicker } from './PhotoPicker'

const NOTE_FIELDS = [
  ['structural', 'inspection.note.structural'],
  ['functional', 'inspection.note.functional'],
  ['durability', 'inspection.note.durability'],
] as const

/**
 * The inspection form (a new one, or one being edited), full screen on a phone: type, date
 * dd/mm/aaaa, inspector, the three notes by name, recommendations, anomalies by element with
 * their photos, general photos (sent while the form is filled, each with its progress),
 * SALVAR. The shared schema checks it as the server will; the server's field errors land on
 * their fields.
 */
export function InspectionForm({
  bridge,
  editing,
  onClose,
}: {
  bridge: BridgeDetail
  editing?: InspectionDetail
  onClose: () => void
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  const { enqueueSnackbar } = useSnackbar()
  const user = useCurrentUser()
  const token = useUrlToken()
  const typesData = useInspectionTypesQuery().data
  const types = useMemo(() => typesData ?? [], [typesData])
  const [create, creating] = useCreateInspectionMutation()
  const [update, updating] = useUpdateInspectionMutation()
  const [s, setS] = useState<InspectionFormState>(() =>
    editing
      ? formOf(editing, (id) => contentUrl(id, token, true))
      : newForm(user?.name ?? user?.username ?? '', ''),
  )
  // A new inspection starts with the type that falls due next (Rotineira, usually).
  useEffect(() => {
    if (editing || s.typeId !== '' || types.length === 0) return
    const due = types.find((x) => x.name === bridge.nextDueType)
    if (due) setS((f) => (f.typeId === '' ? { ...f, typeId: due.id } : f))
  }, [editing, s.typeId, types, bridge.nextDueType])
  const [errors, setErrors] = useState<FormErrors>({})
  const [checked, setChecked] = useState(false)
  const uploads = usePhotoUploads((key, patch) => setS((f) => withPhoto(f, key, patch)))
  const busy = creating.isLoading || updating.isLoading
  const waiting = uploading(allPhotos(s))

  const change = (patch: Partial<InspectionFormState>) => {
    const next = { ...s, ...patch }
    setS(next)
    // After a SALVAR, a field put right loses its message; a new one is not flagged yet.
    if (checked) {
      const found = checkForm(bridge.featureId, next).errors
      setErrors((shown) =>
        Object.fromEntries(Object.entries(found).filter(([path]) => path in shown)),
      )
    }
  }
  const setAnomaly = (key: string, patch: Partial<InspectionFormState['anomalies'][number]>) =>
    change({ anomalies: s.anomalies.map((a) => (a.key === key ? { ...a, ...patch } : a)) })
  const removePhoto = (key: string) => {
    uploads.cancel(key)
    setS((f) => withPhoto(f, key, null))
  }
  const caption = (key: string, text: string) => setS((f) => withPhoto(f, key, { caption: text }))

  async function save() {
    setChecked(true)
    const { input, errors: found } = checkForm(bridge.featureId, s)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      enqueueSnackbar(t('inspection.form.invalid'), { variant: 'error' })
      return
    }
    try {
      const saved = editing
        ? await update({ id: editing.id, body: input }).unwrap()
        : await create(input).unwrap()
      enqueueSnackbar(
        t(
          editing
            ? 'inspection.form.updated'
            : saved.status === 'PENDING'
              ? 'inspection.form.savedPending'
              : 'inspection.form.saved',
        ),
        { variant: 'success' },
      )
      onClose()
    } catch (err) {
      const failure = toFailure(err)
      const fields = serverErrors(failure)
      setErrors(fields)
      enqueueSnackbar(Object.keys(fields).length ? t('inspection.form.invalid') : failure.message, {
        variant: 'error',
      })
    }
  }

  const field = (name: string) => ({ error: Boolean(errors[name]), helperText: errors[name] })
  return (
    <DialogFrame
      titleId="inspection-form-title"
      title={
        <>
          {t(editing ? 'inspection.form.editTitle' : 'inspection.form.title')}
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
          >
            {bridge.codigo ?? bridge.featureId} · {bridge.rodovia ?? ''} km{' '}
            {bridge.km?.toLocaleString('pt-BR', { minimumFractionDigits: 3 }) ?? '-'}
          </Typography>
        </>
      }
      fullScreen={phone}
      maxWidth="md"
      onClose={busy ? undefined : onClose}
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 2 }}
      actions={
        <DialogButtons
          before={
            waiting ? (
              <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
                {t('inspection.form.waitUploads')}
              </Typography>
            ) : undefined
          }
          back={t('inspection.form.cancel')}
          onBack={onClose}
          backDisabled={busy}
          act={t('inspection.form.save')}
          onAct={() => void save()}
          actDisabled={busy || waiting}
        />
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField
          select
          required
          label={t('inspection.form.type')}
          value={s.typeId}
          onChange={(e) => change({ typeId: Number(e.target.value) })}
          {...field('typeId')}
        >
          {types.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <DateInput
          required
          label={t('inspection.form.date')}
          value={s.date}
          onChange={(date) => change({ date })}
          {...field('date')}
        />
        <TextField
          required
          label={t('inspection.form.inspector')}
          value={s.inspector}
          onChange={(e) => change({ inspector: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          {...field('inspector')}
        />
      </Box>
      <Box role="group" aria-label={t('inspection.form.notes')}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('inspection.form.notes')}
        </Typography>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
        >
          {NOTE_FIELDS.map(([name, label]) => (
            <NoteSelect
              key={name}
              required
              label={t(label)}
              value={s[name]}
              onChange={(note) => change({ [name]: note })}
              {...field(name)}
            />
          ))}
        </Box>
      </Box>
      <TextField
        multiline
        minRows={3}
        label={t('inspection.form.recommendations')}
        value={s.recommendations}
        onChange={(e) => change({ recommendations: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 20000 } }}
        {...field('recommendations')}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="subtitle2">{t('inspection.form.anomalies')}</Typography>
        {s.anomalies.map((a, i) => (
          <AnomalyEditor
            key={a.key}
            anomaly={a}
            index={i}
            errors={errors}
            disabled={busy}
            onChange={(patch) => setAnomaly(a.key, patch)}
            onRemove={() => {
              a.photos.forEach((p) => uploads.cancel(p.key))
              change({ anomalies: s.anomalies.filter((x) => x.key !== a.key) })
            }}
            onFiles={(files) => {
              const added = files.map((file) => uploads.start(file))
              setS((f) => ({
                ...f,
                anomalies: f.anomalies.map((x) =>
                  x.key === a.key ? { ...x, photos: [...x.photos, ...added] } : x,
                ),
              }))
            }}
            onCaption={caption}
            onRemovePhoto={removePhoto}
          />
        ))}
        <Box>
          <Button
            startIcon={<Add />}
            variant="outlined"
            size="small"
            disabled={busy}
            onClick={() =>
              change({
                anomalies: [
                  ...s.anomalies,
                  { key: anomalyKey(), element: '', description: '', note: null, photos: [] },
                ],
              })
            }
          >
            {t('inspection.form.addAnomaly')}
          </Button>
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('inspection.form.photos')}
        </Typography>
        <PhotoPicker
          label={t('inspection.form.photos')}
          photos={s.photos}
          disabled={busy}
          onFiles={(files) => {
            const added = files.map((file) => uploads.start(file))
            setS((f) => ({ ...f, photos: [...f.photos, ...added] }))
          }}
          onCaption={caption}
          onRemove={removePhoto}
        />
        {errors.photos && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errors.photos}
          </Alert>
        )}
      </Box>
    </DialogFrame>
  )
}
