import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { GROUP_PERMISSION_FLAGS, type GroupPermissionFlag } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import type { GroupRecord, PermissionMatrixRow } from '@gis/shared'
import { useEffect, useMemo, useState } from 'react'
import { useAct } from '../common/use-act'
import { useGroupPermissionsQuery, useSavePermissionsMutation } from '../groups.api'

type Flags = Record<GroupPermissionFlag, boolean>

/**
 * The matrix of layers by flags. Without "Visualizar" nothing else holds: checking another
 * flag checks it, unchecking it unchecks the row.
 */
export function PermissionMatrix({ group }: { group: GroupRecord }) {
  const { data } = useGroupPermissionsQuery(group.id, { refetchOnMountOrArgChange: true })
  const [save] = useSavePermissionsMutation()
  const act = useAct()
  const [rows, setRows] = useState<PermissionMatrixRow[]>([])
  const [filter, setFilter] = useState('')
  useEffect(() => {
    if (data) setRows(data)
  }, [data])
  const dirty = useMemo(() => JSON.stringify(rows) !== JSON.stringify(data ?? []), [rows, data])
  const shown = rows.filter(
    (r) =>
      !filter ||
      r.title.toLowerCase().includes(filter.toLowerCase()) ||
      r.layer.includes(filter.toLowerCase()),
  )

  function setFlag(layer: string, flag: GroupPermissionFlag, on: boolean) {
    setRows((all) => all.map((r) => (r.layer === layer ? withFlag(r, flag, on) : r)))
  }
  function withFlag<R extends Flags>(r: R, flag: GroupPermissionFlag, on: boolean): R {
    if (flag === 'readFeature' && !on) {
      return { ...r, ...Object.fromEntries(GROUP_PERMISSION_FLAGS.map((f) => [f, false])) }
    }
    return { ...r, [flag]: on, ...(on ? { readFeature: true } : {}) }
  }
  function setColumn(flag: GroupPermissionFlag, on: boolean) {
    const names = new Set(shown.map((r) => r.layer))
    setRows((all) => all.map((r) => (names.has(r.layer) ? withFlag(r, flag, on) : r)))
  }

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adm.groups.matrixHint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('adm.groups.searchLayer')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <Box sx={{ flex: 1 }} />
        <Button disabled={!dirty} onClick={() => setRows(data ?? [])}>
          {t('adm.discard')}
        </Button>
        <Button
          variant="contained"
          disabled={!dirty}
          onClick={() =>
            void act(
              () =>
                save({
                  id: group.id,
                  rows: rows.map(({ title: _title, ...row }) => row),
                }).unwrap(),
              t('adm.saved'),
            )
          }
        >
          {t('adm.save')}
        </Button>
      </Box>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('adm.groups.colLayer')}</TableCell>
              {GROUP_PERMISSION_FLAGS.map((f) => {
                const all = shown.length > 0 && shown.every((r) => r[f])
                return (
                  <TableCell key={f} align="center" sx={{ whiteSpace: 'nowrap' }}>
                    <Box sx={{ fontSize: 12 }}>{t(`admin.flag.${f}`)}</Box>
                    <Checkbox
                      size="small"
                      checked={all}
                      indeterminate={!all && shown.some((r) => r[f])}
                      onChange={(e) => setColumn(f, e.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': t('adm.groups.columnAll', { flag: t(`admin.flag.${f}`) }),
                        },
                      }}
                    />
                  </TableCell>
                )
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((r) => (
              <TableRow key={r.layer} hover>
                <TableCell>
                  <strong>{r.title}</strong>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {r.layer}
                  </Typography>
                </TableCell>
                {GROUP_PERMISSION_FLAGS.map((f) => (
                  <TableCell key={f} align="center">
                    <Checkbox
                      checked={r[f]}
                      onChange={(e) => setFlag(r.layer, f, e.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': t('adm.groups.flagOn', {
                            flag: t(`admin.flag.${f}`),
                            layer: r.title,
                          }),
                        },
                      }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  )
}
