import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import { DataTable } from '../../components/DataTable'
import type { ColumnMapping } from './dataloader-types'

/**
 * The mapping of the file's columns: each column's destination (one column per destination)
 * and the key (one column at most; a key other than id may name the old key's column).
 */
export function MappingTable({
  mappings,
  destinations,
  setMapping,
  setMappings,
  onOldKey,
}: {
  mappings: ColumnMapping[]
  destinations: { name: string; title: string }[]
  setMapping: (i: number, next: Partial<ColumnMapping>) => void
  setMappings: (mappings: ColumnMapping[]) => void
  onOldKey: (index: number, source: string) => void
}) {
  const used = new Set(mappings.map((m) => m.destiny).filter(Boolean))
  return (
    <DataTable
      columns={[
        { key: 'index', label: t('dataloader.colIndex'), render: (_m, i) => i + 1 },
        { key: 'source', label: t('dataloader.colSource'), render: (m) => m.source },
        {
          key: 'destiny',
          label: t('dataloader.colDestiny'),
          sx: { minWidth: 220 },
          render: (m, i) => (
            <TextField
              select
              size="small"
              fullWidth
              label={t('dataloader.colDestiny')}
              value={m.destiny ?? ''}
              slotProps={{
                // Named for its row ("Atributo de destino Km"): the label every row shows alike
                // would otherwise name the list (aria-labelledby wins over aria-label).
                select: { labelId: undefined },
                htmlInput: { 'aria-label': `${t('dataloader.colDestiny')} ${m.source}` },
              }}
              onChange={(e) => {
                const name = e.target.value || null
                const d = destinations.find((x) => x.name === name)
                setMapping(i, {
                  destiny: name,
                  destinyTitle: d?.title ?? null,
                  ...(name ? {} : { primaryKey: false, oldPrimaryKeySource: null }),
                })
              }}
            >
              <MenuItem value="">{t('dataloader.noDestiny')}</MenuItem>
              {destinations.map((d) => (
                <MenuItem
                  key={d.name}
                  value={d.name}
                  disabled={used.has(d.name) && d.name !== m.destiny}
                >
                  {d.title}
                </MenuItem>
              ))}
            </TextField>
          ),
        },
        {
          key: 'key',
          label: t('dataloader.colKey'),
          render: (m, i) => (
            <>
              <Checkbox
                checked={m.primaryKey}
                disabled={!m.destiny}
                slotProps={{ input: { 'aria-label': `${t('dataloader.colKey')} ${m.source}` } }}
                onChange={(e) =>
                  setMappings(
                    mappings.map((x, j) =>
                      j === i
                        ? { ...x, primaryKey: e.target.checked, oldPrimaryKeySource: null }
                        : { ...x, primaryKey: false, oldPrimaryKeySource: null },
                    ),
                  )
                }
              />
              {m.primaryKey && m.destiny !== 'id' && (
                <Button size="small" onClick={() => onOldKey(i, m.oldPrimaryKeySource ?? '')}>
                  {m.oldPrimaryKeySource
                    ? t('dataloader.oldKeyOf', { column: m.oldPrimaryKeySource })
                    : t('dataloader.oldKey')}
                </Button>
              )}
            </>
          ),
        },
      ]}
      rows={mappings}
      rowKey={(m) => m.source}
      empty=""
      noLoadingBar
    />
  )
}
