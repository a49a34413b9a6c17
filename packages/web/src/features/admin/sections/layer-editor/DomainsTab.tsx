import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { LayerDomain } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { TabProps } from './layer-draft'

/** DOMÍNIOS: value lists, file and photo fields. */
export function DomainsTab({ draft, set, errors }: TabProps) {
  const userFields = draft.attributes
  const setDomain = (name: string, domain: LayerDomain | null) => {
    const domains = { ...draft.domains }
    if (domain) domains[name] = domain
    else delete domains[name]
    set({ domains })
  }
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adm.layers.domainsHint')}
      </Typography>
      {userFields
        .filter((a) => !['id', 'uuid', 'm_o_d_i_f_'].includes(a.name))
        .map((a) => {
          const d = draft.domains[a.name]
          return (
            <Box key={a.name} sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                sx={{ width: 240 }}
                label={t('adm.layers.domainType', { name: a.title })}
                value={d?.type ?? ''}
                onChange={(e) =>
                  setDomain(
                    a.name,
                    e.target.value
                      ? {
                          title: a.title,
                          type: e.target.value as LayerDomain['type'],
                          values: d?.values ?? [],
                        }
                      : null,
                  )
                }
              >
                <MenuItem value="">{t('adm.layers.domainNone')}</MenuItem>
                <MenuItem value="selectable">{t('adm.layers.domainSelectable')}</MenuItem>
                <MenuItem value="file">{t('adm.layers.domainFile')}</MenuItem>
                <MenuItem value="photo">{t('adm.layers.domainPhoto')}</MenuItem>
              </TextField>
              {d?.type === 'selectable' && (
                <TextField
                  size="small"
                  sx={{ flex: 1, minWidth: 240 }}
                  label={t('adm.layers.domainValues', { name: a.title })}
                  helperText={errors[`domains.${a.name}`] ?? 'a; b; c'}
                  error={Boolean(errors[`domains.${a.name}`])}
                  defaultValue={d.values.join('; ')}
                  onBlur={(e) =>
                    setDomain(a.name, {
                      ...d,
                      values: e.target.value
                        .split(';')
                        .map((v) => v.trim())
                        .filter(Boolean),
                    })
                  }
                />
              )}
            </Box>
          )
        })}
    </Box>
  )
}
