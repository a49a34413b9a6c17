import Search from '@mui/icons-material/Search'
import InputAdornment from '@mui/material/InputAdornment'
import TextField, { type TextFieldProps } from '@mui/material/TextField'

/** A text field with the search icon in front: the one search box of lists and tables. */
export function SearchField(props: Omit<TextFieldProps, 'slotProps'>) {
  return (
    <TextField
      {...props}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  )
}
