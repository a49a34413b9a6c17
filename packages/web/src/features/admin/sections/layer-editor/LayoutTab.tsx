import Add from '@mui/icons-material/Add'
import Close from '@mui/icons-material/Close'
import Delete from '@mui/icons-material/Delete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { SortableList } from '../../common/SortableList'
import { type Draft, type TabProps } from './layer-draft'

type Group = Draft['layout'][number]

/** LAYOUT: the feature form's groups; fields added from a list, ordered by dragging. */
export function LayoutTab({ draft, set, errors }: TabProps) {
  const userFields = draft.attributes
  const inLayout = new Set(draft.layout.flatMap((g) => g.fields.map((f) => f.name)))
  const titleOf = (name: string) => draft.attributes.find((a) => a.name === name)?.title ?? name
  const setGroup = (i: number, group: Group) =>
    set({ layout: draft.layout.map((g, j) => (j === i ? group : g)) })
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adm.layers.layoutHint')}
      </Typography>
      {draft.layout.map((g, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2, mb: 2 }} role="group" aria-label={g.title}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={t('adm.layers.groupTitleOf', { n: i + 1 })}
              value={g.title}
              onChange={(e) => setGroup(i, { ...g, title: e.target.value })}
              error={Boolean(errors[`layout.${i}.title`])}
              helperText={errors[`layout.${i}.title`]}
            />
            <TextField
              select
              size="small"
              label={t('adm.layers.addField', { title: g.title })}
              value=""
              sx={{ minWidth: 220 }}
              onChange={(e) => {
                const a = draft.attributes.find((x) => x.name === e.target.value)
                if (a)
                  setGroup(i, {
                    ...g,
                    fields: [...g.fields, { name: a.name, title: a.title, visible: true }],
                  })
              }}
            >
              {userFields
                .filter((a) => !inLayout.has(a.name))
                .map((a) => (
                  <MenuItem key={a.name} value={a.name}>
                    {a.title} ({a.name})
                  </MenuItem>
                ))}
            </TextField>
            <Box sx={{ flex: 1 }} />
            <IconButton
              aria-label={t('adm.layers.removeGroup', { title: g.title })}
              onClick={() => set({ layout: draft.layout.filter((_, j) => j !== i) })}
            >
              <Delete />
            </IconButton>
          </Box>
          {g.fields.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('adm.layers.emptyGroup')}
            </Typography>
          )}
          <SortableList
            ids={g.fields.map((f) => f.name)}
            labelOf={titleOf}
            onReorder={(names) =>
              setGroup(i, {
                ...g,
                fields: names.map((n) => g.fields.find((f) => f.name === n)!),
              })
            }
          >
            {(name, k) => (
              <>
                <Box sx={{ flex: 1 }}>{titleOf(name)}</Box>
                <FormControlLabel
                  label={t('adm.layers.visible')}
                  control={
                    <Checkbox
                      size="small"
                      checked={g.fields[k]!.visible}
                      onChange={(e) =>
                        setGroup(i, {
                          ...g,
                          fields: g.fields.map((x, j) =>
                            j === k ? { ...x, visible: e.target.checked } : x,
                          ),
                        })
                      }
                      slotProps={{
                        input: { 'aria-label': t('adm.layers.visibleOf', { name }) },
                      }}
                    />
                  }
                />
                <IconButton
                  size="small"
                  aria-label={t('adm.layers.removeField', { name })}
                  onClick={() => setGroup(i, { ...g, fields: g.fields.filter((_, j) => j !== k) })}
                >
                  <Close fontSize="small" />
                </IconButton>
              </>
            )}
          </SortableList>
        </Paper>
      ))}
      <Button
        startIcon={<Add />}
        onClick={() =>
          set({
            layout: [
              ...draft.layout,
              {
                title: t('adm.layers.defaultGroupTitle', { n: draft.layout.length + 1 }),
                fields: [],
              },
            ],
          })
        }
      >
        {t('adm.layers.newGroup')}
      </Button>
    </Box>
  )
}
