import DriveFolderUpload from '@mui/icons-material/DriveFolderUpload'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { folderOfDrop, folderOfInput, type PickedFolder } from './folder-read'

type Phase = 'idle' | 'authorizing' | 'loading'

/**
 * Step 0 (spec 2 §2.2): a click or drop area asking for a folder. 'Autorizando acesso' while
 * the browser asks, then 'Carregando arquivos:' with the folder's name while the job is made.
 */
export function FolderStep({
  onFolder,
  compact = false,
}: {
  onFolder: (folder: PickedFolder) => Promise<void>
  /** A smaller area (the folder picked again after a reload). */
  compact?: boolean
}) {
  const input = useRef<HTMLInputElement>(null)
  const [phase, setPhase] = useState<Phase>('idle')
  const [folderName, setFolderName] = useState('')
  const [over, setOver] = useState(false)
  const { enqueueSnackbar } = useSnackbar()

  // React does not know the input's 'cancel' event (the dialog closed without a folder).
  useEffect(() => {
    const el = input.current
    if (!el) return
    const cancel = () => {
      setPhase('idle')
      enqueueSnackbar(t('syncfiles.pickCancelled'), { variant: 'warning' })
    }
    el.addEventListener('cancel', cancel)
    return () => el.removeEventListener('cancel', cancel)
  }, [enqueueSnackbar])

  async function load(folder: PickedFolder | undefined) {
    if (!folder) {
      setPhase('idle')
      enqueueSnackbar(t('syncfiles.pickFailed'), { variant: 'error' })
      return
    }
    if (folder.files.length === 0) {
      setPhase('idle')
      enqueueSnackbar(t('syncfiles.emptyFolder'), { variant: 'warning' })
      return
    }
    setFolderName(folder.name)
    setPhase('loading')
    try {
      await onFolder(folder)
    } finally {
      setPhase('idle')
    }
  }

  async function drop(e: DragEvent) {
    e.preventDefault()
    setOver(false)
    if (phase !== 'idle') return
    setPhase('authorizing')
    try {
      await load(await folderOfDrop(e.dataTransfer.items))
    } catch {
      setPhase('idle')
      enqueueSnackbar(t('syncfiles.readFailed'), { variant: 'error' })
    }
  }

  const busy = phase !== 'idle'
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-label={t('syncfiles.pickFolder')}
      aria-busy={busy}
      onClick={() => {
        if (busy) return
        setPhase('authorizing')
        input.current?.click()
      }}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !busy) {
          e.preventDefault()
          setPhase('authorizing')
          input.current?.click()
        }
      }}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void drop(e)}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.paper',
        borderRadius: 2,
        minHeight: compact ? 120 : 260,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        p: 3,
        cursor: busy ? 'progress' : 'pointer',
        textAlign: 'center',
      }}
    >
      <input
        ref={input}
        type="file"
        hidden
        multiple
        data-testid="syncfiles-folder-input"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(e) => {
          const folder = folderOfInput(e.target.files)
          e.target.value = ''
          void load(folder)
        }}
      />
      {phase === 'idle' ? (
        <>
          <DriveFolderUpload color="primary" sx={{ fontSize: compact ? 36 : 56 }} />
          <Typography variant={compact ? 'subtitle1' : 'h6'} component="p">
            {t('syncfiles.pickFolder')}
          </Typography>
          <Typography color="text.secondary">{t('syncfiles.pickFolderHint')}</Typography>
        </>
      ) : (
        <>
          <CircularProgress />
          <Typography role="status">
            {phase === 'authorizing'
              ? t('syncfiles.authorizing')
              : `${t('syncfiles.loadingFiles')} ${folderName}`}
          </Typography>
        </>
      )}
    </Box>
  )
}
