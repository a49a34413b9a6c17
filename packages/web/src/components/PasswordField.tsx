import Visibility from '@mui/icons-material/Visibility'
import VisibilityOff from '@mui/icons-material/VisibilityOff'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { TextInput, type TextInputProps } from './TextInput'

/** A password text field with a show/hide button. */
export function PasswordField(props: TextInputProps) {
  const [shown, setShown] = useState(false)
  return (
    <TextInput
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
                onClick={() => setShown((s) => !s)}
                edge="end"
                size="small"
                tabIndex={-1}
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
