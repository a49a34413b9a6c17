import Box from '@mui/material/Box'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { PageHeader } from '../../components/PageHeader'

function ModuleFrame({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: string
  children?: ReactNode
}) {
  return (
    <Box
      sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 4 } }}
    >
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </Box>
  )
}

/** Module pages: each shows its header; its content arrives with the module's own feature. */
export function DocumentsPage() {
  return <ModuleFrame title={t('module.documentsTitle')} />
}

export function OrbitPage() {
  return <ModuleFrame title={t('module.orbitTitle')} />
}

export function InspectionPage() {
  return <ModuleFrame title={t('module.inspectionTitle')} />
}
