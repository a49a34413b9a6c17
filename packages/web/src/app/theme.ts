import { createTheme } from '@mui/material/styles'

/** Our own theme: a deep teal for the brand, Inter bundled with the app, compact controls. */
export const TOP_BAR_HEIGHT = 48

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b4f6c', light: '#3f7b96', dark: '#053246', contrastText: '#ffffff' },
    secondary: { main: '#b4531f', contrastText: '#ffffff' },
    background: { default: '#f3f6f8', paper: '#ffffff' },
    text: { primary: '#17252f', secondary: '#4a5b66' },
    divider: '#dbe3e8',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter Variable", "Segoe UI", Roboto, Arial, sans-serif',
    h1: { fontWeight: 700 },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 600 },
    // Buttons show their catalogue text as written: the spec's ENTRAR, VOLTAR, but Voltar.
    button: { fontWeight: 600, letterSpacing: '0.02em', textTransform: 'none' },
  },
  components: {
    // A client-only app: media queries answer on the first render, not after it (the map's
    // first view was fitted as if no layer panel were open, then the panel opened over it).
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#dbe3e8' } } },
    MuiTab: { styleOverrides: { root: { minHeight: 44, textTransform: 'none', fontWeight: 600 } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#4a5b66' } } },
  },
})
