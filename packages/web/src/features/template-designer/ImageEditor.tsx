import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { IMAGE_LOCATIONS, type TemplateImage } from '@gis/shared/reports'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { FileButton } from '../../components/FileButton'
import { OptionField, PositiveField } from './fields'

import { ImagePicker } from './ImagePicker'

/** A LOCAL image is kept in the template as a data: URL of at most 1 MB. */
export const LOCAL_IMAGE_MAX = 1024 * 1024

const MARGINS = ['marginTop', 'marginRight', 'marginBottom', 'marginLeft'] as const

/** The image of an IMAGE cell: where it comes from (library, attachment, local) and margins. */
export function ImageEditor({
  image,
  onChange,
}: {
  image: TemplateImage
  onChange: (image: TemplateImage) => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const [picking, setPicking] = useState(false)
  const set = (change: Partial<TemplateImage>) => onChange({ ...image, ...change })

  function readLocal(file: File | undefined) {
    if (!file) return
    if (file.size > LOCAL_IMAGE_MAX) {
      enqueueSnackbar(t('designer.imageTooLarge'), { variant: 'error' })
      return
    }
    const reader = new FileReader()
    reader.onload = () => set({ value: String(reader.result) })
    reader.readAsDataURL(file)
  }

  return (
    <Stack spacing={1.5}>
      <OptionField
        label={t('designer.imageLocation')}
        value={image.location}
        options={IMAGE_LOCATIONS}
        prefix="designer.loc."
        onChange={(location) => set({ location, value: null })}
      />
      {image.location === 'CONTENT' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" size="small" onClick={() => setPicking(true)}>
            {t('designer.chooseImage')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {image.value ? t('designer.imageChosen', { id: image.value }) : t('designer.noImage')}
          </Typography>
        </Stack>
      )}
      {image.location === 'ATTACHMENT' && (
        <PositiveField
          label={t('designer.attachmentIndex')}
          value={image.value ? Number(image.value) : null}
          integer
          nullable
          onChange={(n) => set({ value: n === null ? null : String(n) })}
        />
      )}
      {image.location === 'LOCAL' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FileButton
            variant="outlined"
            size="small"
            label={t('designer.localFile')}
            accept="image/*"
            onFile={readLocal}
          />
          {!image.value && (
            <Typography variant="body2" color="text.secondary">
              {t('designer.noImage')}
            </Typography>
          )}
        </Stack>
      )}
      {[MARGINS.slice(0, 2), MARGINS.slice(2)].map((row) => (
        <Stack key={row[0]} direction="row" spacing={1}>
          {row.map((m) => (
            <PositiveField
              key={m}
              label={t(`designer.${m}`)}
              value={image[m]}
              nullable
              onChange={(n) => set({ [m]: n })}
            />
          ))}
        </Stack>
      ))}
      {picking && (
        <ImagePicker
          open
          value={image.value ? Number(image.value) : null}
          onClose={() => setPicking(false)}
          onConfirm={(id) => {
            set({ value: String(id) })
            setPicking(false)
          }}
        />
      )}
    </Stack>
  )
}
