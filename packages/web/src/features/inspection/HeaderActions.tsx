import Download from '@mui/icons-material/Download'
import Tune from '@mui/icons-material/Tune'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { useGetConfigQuery } from '../../api/session.api'
import { clickDownload } from '../../components/download'
import { useIsAdmin } from '../../state/session'
import { useUrlToken } from '../../state/url-token'
import { exportUrl } from './inspection.api'
import type { ListState } from './list-state'
import { TypesDialog } from './TypesDialog'

/**
 * Beside the tabs: EXPORTAR XLSX (the register, with the list's status and filter), KMZ
 * ARTESP (module artespKmz) and, for administrators, the inspection types.
 */
export function HeaderActions({ list }: { list: ListState }) {
  const token = useUrlToken()
  const admin = useIsAdmin()
  const kmz = useGetConfigQuery().data?.modules.includes('artespKmz') ?? false
  const [types, setTypes] = useState(false)
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        ml: { sm: 'auto' },
        pb: { xs: 1, sm: 0 },
      }}
    >
      <Button
        size="small"
        variant="outlined"
        startIcon={<Download />}
        onClick={() => clickDownload(exportUrl('xlsx', token, list.status, list.query))}
      >
        {t('inspection.exportXlsx')}
      </Button>
      {kmz && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<Download />}
          onClick={() => clickDownload(exportUrl('kmz', token, list.status, list.query))}
        >
          {t('inspection.exportKmz')}
        </Button>
      )}
      {admin && (
        <Button size="small" variant="outlined" startIcon={<Tune />} onClick={() => setTypes(true)}>
          {t('inspection.types')}
        </Button>
      )}
      {types && <TypesDialog onClose={() => setTypes(false)} />}
    </Box>
  )
}
