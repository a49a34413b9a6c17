import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { useFormContext } from 'react-hook-form'

/** The submit button at the end of a form on a page (SALVAR), disabled while submitting. */
export function FormSaveBar({ label = t('adm.save') }: { label?: string }) {
  const { formState } = useFormContext()
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
      <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
        {label}
      </Button>
    </Box>
  )
}
