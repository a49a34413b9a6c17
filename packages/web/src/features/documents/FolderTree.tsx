import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined'
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined'
import MoreVert from '@mui/icons-material/MoreVert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Collapse from '@mui/material/Collapse'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import { useTheme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { DocumentFolder } from '@gis/shared/documents'
import { t } from '@gis/shared/i18n'
import { useMemo, useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useMutationToast } from '../../components/use-mutation-toast'
import { useIsAdmin } from '../../state/session'
import { folderEntries } from './document-format'
import { useDeleteFolderMutation } from './documents.api'
import { FolderDialog, PermissionsDialog, type FolderEdit } from './FolderDialogs'

/** What the list shows: every readable folder, one folder (with its subfolders), the bin. */
export type FolderChoice = number | 'all' | 'bin'

function Item({
  icon,
  label,
  count,
  depth = 0,
  selected,
  onClick,
  action,
}: {
  icon: ReactNode
  label: string
  count?: number
  depth?: number
  selected: boolean
  onClick: () => void
  action?: ReactNode
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <ListItemButton
        selected={selected}
        onClick={onClick}
        aria-current={selected ? 'true' : undefined}
        sx={{ pl: 1.5 + depth * 2, py: 0.5, borderRadius: 1, flex: 1, minWidth: 0 }}
      >
        <ListItemIcon sx={{ minWidth: 32 }}>{icon}</ListItemIcon>
        <ListItemText
          primary={label}
          slotProps={{ primary: { variant: 'body2', noWrap: true, title: label } }}
        />
        {count !== undefined && count > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {count}
          </Typography>
        )}
      </ListItemButton>
      {action}
    </Box>
  )
}

/**
 * The folder tree: 'Todas as pastas', the readable folders nested, the bin; the chosen
 * folder's menu (new subfolder and rename where the user writes, permissions and delete for
 * administrators). On a phone it folds under its title, showing the folder chosen.
 */
export function FolderTree({
  folders,
  choice,
  onChoose,
}: {
  folders: readonly DocumentFolder[]
  choice: FolderChoice
  onChoose: (choice: FolderChoice) => void
}) {
  const admin = useIsAdmin()
  const run = useMutationToast()
  const entries = useMemo(() => folderEntries(folders), [folders])
  const desktop = useMediaQuery(useTheme().breakpoints.up('md'))
  const [open, setOpen] = useState(false)
  const [menu, setMenu] = useState<{ anchor: HTMLElement; folder: DocumentFolder } | null>(null)
  const [edit, setEdit] = useState<FolderEdit | null>(null)
  const [permissions, setPermissions] = useState<DocumentFolder | null>(null)
  const [toDelete, setToDelete] = useState<DocumentFolder | null>(null)
  const [remove] = useDeleteFolderMutation()

  const chosen = typeof choice === 'number' ? entries.find((e) => e.folder.id === choice) : null
  const chosenLabel =
    choice === 'all'
      ? t('documents.allFolders')
      : choice === 'bin'
        ? t('documents.bin')
        : chosen?.path

  const choose = (c: FolderChoice) => {
    onChoose(c)
    setOpen(false)
  }

  async function confirmDelete() {
    const folder = toDelete
    setToDelete(null)
    if (!folder) return
    const removed = await run(
      () => remove(folder.id).unwrap(),
      t('documents.folderDeleted'),
      t('documents.failed'),
    )
    if (removed && choice === folder.id) onChoose('all')
  }

  const m = menu?.folder
  return (
    <Paper variant="outlined" component="nav" aria-label={t('documents.folders')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
        <Button
          onClick={() => setOpen((o) => !o)}
          endIcon={open ? <ExpandLess /> : <ExpandMore />}
          aria-expanded={open}
          sx={{
            display: { xs: 'inline-flex', md: 'none' },
            flex: 1,
            justifyContent: 'space-between',
            textTransform: 'none',
            color: 'text.primary',
          }}
        >
          <Typography variant="subtitle2" noWrap>
            {t('documents.folders')}: {chosenLabel}
          </Typography>
        </Button>
        <Typography variant="subtitle2" sx={{ display: { xs: 'none', md: 'block' }, flex: 1 }}>
          {t('documents.folders')}
        </Typography>
        {admin && (
          <IconButton
            size="small"
            aria-label={t('documents.newFolder')}
            title={t('documents.newFolder')}
            onClick={() => setEdit({ parentId: null })}
          >
            <CreateNewFolderOutlined fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Divider />
      <Collapse in={desktop || open}>
        <List dense sx={{ px: 0.5 }}>
          <Item
            icon={<LibraryBooksOutlined fontSize="small" />}
            label={t('documents.allFolders')}
            selected={choice === 'all'}
            onClick={() => choose('all')}
          />
          {entries.map(({ folder, depth }) => (
            <Item
              key={folder.id}
              icon={
                choice === folder.id ? (
                  <FolderOpenOutlined fontSize="small" color="primary" />
                ) : (
                  <FolderOutlined fontSize="small" />
                )
              }
              label={folder.name}
              count={folder.documentCount}
              depth={depth + 1}
              selected={choice === folder.id}
              onClick={() => choose(folder.id)}
              action={
                (folder.canWrite || admin) && (
                  <IconButton
                    size="small"
                    aria-label={t('documents.folderActions', { name: folder.name })}
                    onClick={(e) => setMenu({ anchor: e.currentTarget, folder })}
                  >
                    <MoreVert fontSize="small" />
                  </IconButton>
                )
              }
            />
          ))}
          <Divider sx={{ my: 0.5 }} />
          <Item
            icon={<DeleteOutline fontSize="small" />}
            label={t('documents.bin')}
            selected={choice === 'bin'}
            onClick={() => choose('bin')}
          />
        </List>
      </Collapse>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {m?.canWrite && (
          <MenuItem
            onClick={() => {
              setMenu(null)
              setEdit({ parentId: m.id })
            }}
          >
            {t('documents.newSubfolder')}
          </MenuItem>
        )}
        {m?.canWrite && (
          <MenuItem
            onClick={() => {
              setMenu(null)
              setEdit({ folder: m })
            }}
          >
            {t('documents.renameFolder')}
          </MenuItem>
        )}
        {admin && m && (
          <MenuItem
            onClick={() => {
              setMenu(null)
              setPermissions(m)
            }}
          >
            {t('documents.folderPermissions')}
          </MenuItem>
        )}
        {m?.canWrite && (
          <MenuItem
            onClick={() => {
              setMenu(null)
              setToDelete(m)
            }}
          >
            {t('documents.deleteFolder')}
          </MenuItem>
        )}
      </Menu>
      {edit && (
        <FolderDialog
          edit={edit}
          onClose={() => setEdit(null)}
          onSaved={(folder) => {
            setEdit(null)
            onChoose(folder.id)
          }}
        />
      )}
      {permissions && (
        <PermissionsDialog folder={permissions} onClose={() => setPermissions(null)} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('documents.deleteFolder')}
        text={t('documents.deleteFolderConfirm', { name: toDelete?.name ?? '' })}
        confirmLabel={t('documents.delete')}
        cancelLabel={t('documents.cancel')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Paper>
  )
}
