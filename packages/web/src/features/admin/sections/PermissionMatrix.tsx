import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { GROUP_PERMISSION_FLAGS, type GroupPermissionFlag } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import type { GroupRecord, PermissionMatrixRow } from '@gis/shared'
import { useEffect, useMemo, useState } from 'react'
import { DataTable, type Column } from '../../../components/DataTable'
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

  const columns: Column<PermissionMatrixRow>[] = [
    {
      key: 'layer',
      label: t('adm.groups.colLayer'),
      render: (r) => (
        <>
          <strong>{r.title}</strong>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {r.layer}
          </Typography>
        </>
      ),
    },
    ...GROUP_PERMISSION_FLAGS.map((f) => ({
      key: f,
      label: t(`admin.flag.${f}`),
      sx: { textAlign: 'center' },
      headProps: { sx: { textAlign: 'center', whiteSpace: 'nowrap' } },
      head: <FlagHeader flag={f} rows={shown} onColumn={setColumn} />,
      render: (r: PermissionMatrixRow) => (
        <Checkbox
          checked={r[f]}
          onChange={(e) => setFlag(r.layer, f, e.target.checked)}
          slotProps={{
            input: {
              'aria-label': t('adm.groups.flagOn', { flag: t(`admin.flag.${f}`), layer: r.title }),
            },
          }}
        />
      ),
    })),
  ]

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
      <DataTable
        bare
        noLoadingBar
        maxHeight="560px"
        columns={columns}
        rows={shown}
        rowKey={(r) => r.layer}
        empty=""
      />
    </Box>
  )
}

/** A flag's column header: its name, and a checkbox for every row shown. */
function FlagHeader({
  flag,
  rows,
  onColumn,
}: {
  flag: GroupPermissionFlag
  rows: readonly PermissionMatrixRow[]
  onColumn: (flag: GroupPermissionFlag, on: boolean) => void
}) {
  const all = rows.length > 0 && rows.every((r) => r[flag])
  return (
    <>
      <Box sx={{ fontSize: 12 }}>{t(`admin.flag.${flag}`)}</Box>
      <Checkbox
        size="small"
        checked={all}
        indeterminate={!all && rows.some((r) => r[flag])}
        onChange={(e) => onColumn(flag, e.target.checked)}
        slotProps={{
          input: { 'aria-label': t('adm.groups.columnAll', { flag: t(`admin.flag.${flag}`) }) },
        }}
      />
    </>
  )
}
