import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Typography from '@mui/material/Typography'
import { appSettingsSchema } from '@gis/shared/admin'
import { t, type MessageKey } from '@gis/shared/i18n'
import type { AppSettings } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import { useController } from 'react-hook-form'
import { toFailure } from '../../../api/base-api'
import {
  failureMessage,
  FormTextField,
  SchemaForm,
  schemaResolver,
  showServerErrors,
  useSchemaForm,
  FormSaveBar,
} from '../../../components/form'
import { useGetSettingsQuery, useSaveSettingsMutation } from '../settings.api'

const resolver = schemaResolver<AppSettings>(appSettingsSchema)

function ModulesField({ known }: { known: string[] }) {
  const { field } = useController<AppSettings, 'modules'>({ name: 'modules' })
  const value = field.value ?? []
  return (
    <FormGroup>
      {known.map((m) => (
        <FormControlLabel
          key={m}
          label={`${t(`admin.module.${m}` as MessageKey)} (${m})`}
          control={
            <Checkbox
              checked={value.includes(m)}
              onChange={(e) =>
                field.onChange(e.target.checked ? [...value, m] : value.filter((x) => x !== m))
              }
            />
          }
        />
      ))}
    </FormGroup>
  )
}

/** Configuração: the project name and the optional modules; the menus follow at once. */
export function SettingsSection() {
  const { data } = useGetSettingsQuery()
  const [save] = useSaveSettingsMutation()
  const { enqueueSnackbar } = useSnackbar()
  const form = useSchemaForm<AppSettings>({
    resolver,
    defaultValues: { projectName: '', modules: [] },
  })
  useEffect(() => {
    if (data) form.reset({ projectName: data.projectName, modules: data.modules })
  }, [data, form])
  async function submit(values: AppSettings) {
    try {
      await save(values).unwrap()
      enqueueSnackbar(t('adm.settings.saved'), { variant: 'success' })
    } catch (err) {
      if (!showServerErrors(form, toFailure(err)))
        enqueueSnackbar(failureMessage(err), { variant: 'error' })
    }
  }
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('dash.section.settings')}
      </Typography>
      <SchemaForm form={form} onSubmit={submit}>
        <FormTextField
          name="projectName"
          label={t('adm.settings.projectName')}
          hint={t('adm.settings.projectNameHint')}
          fullWidth
          required
        />
        {data?.env.projectName && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('adm.settings.envProjectName', { value: data.env.projectName })}
          </Alert>
        )}
        <Typography variant="subtitle1" sx={{ mt: 3 }}>
          {t('adm.settings.modules')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('adm.settings.modulesHint')}
        </Typography>
        <ModulesField known={data?.knownModules ?? []} />
        {data?.env.modules && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('adm.settings.envModules', { value: data.env.modules.join(',') })}
          </Alert>
        )}
        <FormSaveBar />
      </SchemaForm>
    </Box>
  )
}
