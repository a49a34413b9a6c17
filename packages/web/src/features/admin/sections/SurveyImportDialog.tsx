import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { surveyImportFieldsSchema, type SurveyImportFields } from '@gis/shared/imagery-import'
import { formatFileSize } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { useUpload } from '../../../api/upload'
import {
  FormDialog,
  FormTextField,
  schemaResolver,
  useFormSave,
  useSchemaForm,
} from '../../../components/form'
import { SURVEY_IMPORT_URL } from '../surveys.api'

const resolver = schemaResolver<SurveyImportFields>(surveyImportFieldsSchema)

const FIELDS = ['name', 'date', 'description', 'road', 'way', 'kmStart'] as const

type Chosen = { kind: 'zip'; file: File } | { kind: 'folder'; name: string; files: File[] }

function chosenText(chosen: Chosen | null): string {
  if (!chosen) return t('imageryImport.noFiles')
  if (chosen.kind === 'zip') {
    return t('imageryImport.chosenZip', {
      name: chosen.file.name,
      size: formatFileSize(chosen.file.size),
    })
  }
  return t('imageryImport.chosenFolder', {
    name: chosen.name,
    count: chosen.files.length,
    size: formatFileSize(chosen.files.reduce((s, f) => s + f.size, 0)),
  })
}

/**
 * IMPORTAR (Imagens 360°): the survey's name, date and description, its files (one .zip, or a
 * folder picked whole) and, for panoramas without events.csv, the road, way and km inicial;
 * sent with its upload percent, then the import job runs on the server (`onQueued`).
 */
export function SurveyImportDialog({
  onClose,
  onQueued,
}: {
  onClose: () => void
  onQueued: (jobId: number, name: string) => void
}) {
  const form = useSchemaForm<SurveyImportFields>({
    resolver,
    defaultValues: { name: '', date: '', description: '', road: '', way: '', kmStart: '' },
  })
  const upload = useUpload()
  const save = useFormSave(form)
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [filesError, setFilesError] = useState<string | null>(null)
  const [percent, setPercent] = useState<number | null>(null)

  async function submit(v: SurveyImportFields) {
    if (!chosen) {
      setFilesError(t('imageryImport.filesRequired'))
      return
    }
    const body = new FormData()
    for (const f of FIELDS) body.append(f, v[f] ?? '')
    if (chosen.kind === 'zip') body.append('files', chosen.file, chosen.file.name)
    else for (const f of chosen.files) body.append('files', f, f.webkitRelativePath || f.name)
    setPercent(0)
    let jobId = 0
    const sent = await save(async () => {
      jobId = (
        await upload<{ id: number }>(SURVEY_IMPORT_URL, body, {
          onProgress: (p) => setPercent(p.percent),
        })
      ).id
    }, t('imageryImport.queued'))
    setPercent(null)
    if (sent) onQueued(jobId, v.name)
  }

  const pick = (next: Chosen | null) => {
    setChosen(next)
    setFilesError(null)
  }
  return (
    <FormDialog
      title={t('imageryImport.dialogTitle')}
      maxWidth="sm"
      form={form}
      formId="survey-import-form"
      onSubmit={submit}
      onInvalid={() => {
        if (!chosen) setFilesError(t('imageryImport.filesRequired'))
      }}
      onClose={onClose}
      submitLabel={t('imageryImport.import')}
      submitSpinner={16}
      below={
        percent !== null && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2">{t('imageryImport.uploading', { percent })}</Typography>
            <LinearProgress variant="determinate" value={percent} />
          </Box>
        )
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' }, pt: 1 }}>
        <FormTextField
          name="name"
          label={t('imageryImport.name')}
          hint={t('imageryImport.nameHint')}
          required
        />
        <FormTextField
          name="date"
          label={t('imageryImport.date')}
          placeholder="dd/mm/aaaa"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
        />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormTextField
            name="description"
            label={t('imageryImport.description')}
            fullWidth
            multiline
          />
        </Box>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <Typography variant="subtitle2" component="h3">
            {t('imageryImport.files')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
            <Button component="label" variant="outlined">
              {t('imageryImport.pickZip')}
              <input
                hidden
                type="file"
                accept=".zip,application/zip"
                data-testid="survey-zip-input"
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  e.target.value = ''
                  if (file) pick({ kind: 'zip', file })
                }}
              />
            </Button>
            <Button component="label" variant="outlined">
              {t('imageryImport.pickFolder')}
              <input
                hidden
                type="file"
                multiple
                data-testid="survey-folder-input"
                {...{ webkitdirectory: '', directory: '' }}
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])]
                  e.target.value = ''
                  if (files.length === 0) return
                  const name = files[0]!.webkitRelativePath.split('/')[0] || files[0]!.name
                  pick({ kind: 'folder', name, files })
                }}
              />
            </Button>
          </Box>
          <Typography variant="body2" data-testid="survey-files-chosen">
            {chosenText(chosen)}
          </Typography>
          {filesError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {filesError}
            </Alert>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('imageryImport.filesHint')}
            </Typography>
          )}
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ gridColumn: { sm: '1 / -1' } }}>
          {t('imageryImport.exifHeading')}
        </Typography>
        <FormTextField name="road" label={t('imageryImport.road')} />
        <FormTextField name="way" label={t('imageryImport.way')} />
        <FormTextField
          name="kmStart"
          label={t('imageryImport.kmStart')}
          placeholder="0,0"
          slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
        />
      </Box>
    </FormDialog>
  )
}
