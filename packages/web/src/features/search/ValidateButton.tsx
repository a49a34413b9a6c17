import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import type { FilterGroup } from '@gis/shared/filters'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { developerMode } from '../../api/local-session'
import { toFailure } from '../../api/base-api'
import { useIsAdmin } from '../../state/session'
import { useFilterSqlMutation } from '../../api/search.api'
import { problemText } from '../../api/problem-text'
import { DialogFrame } from '../../components/DialogFrame'

/**
 * 'Validar' (spec 3 §7, developer mode): the WHERE clause the server compiles the filter to,
 * from POST /api/debug/getquery/{layer}; shown to administrators in developer mode only.
 */
export function ValidateButton({ layer, filter }: { layer: string; filter?: FilterGroup }) {
  const admin = useIsAdmin()
  const { enqueueSnackbar } = useSnackbar()
  const [getSql, { isLoading }] = useFilterSqlMutation()
  const [sql, setSql] = useState<string | null>(null)
  if (!admin || !developerMode()) return null
  const validate = async () => {
    try {
      setSql((await getSql({ layer, filter }).unwrap()).sql)
    } catch (err) {
      const f = toFailure(err)
      enqueueSnackbar(f.status === 400 ? problemText(f) : t('filterBuilder.validateFailed'), {
        variant: 'error',
      })
    }
  }
  return (
    <>
      <Button
        size="small"
        startIcon={<FactCheckOutlined />}
        disabled={isLoading}
        onClick={() => void validate()}
      >
        {t('filterBuilder.validate')}
      </Button>
      <DialogFrame
        open={sql !== null}
        onClose={() => setSql(null)}
        maxWidth="md"
        title={t('filterBuilder.sqlTitle')}
        actions={<Button onClick={() => setSql(null)}>{t('common.close')}</Button>}
      >
        <Box
          component="pre"
          data-testid="filter-sql"
          sx={{
            m: 0,
            p: 1.5,
            bgcolor: 'action.hover',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {sql}
        </Box>
      </DialogFrame>
    </>
  )
}
