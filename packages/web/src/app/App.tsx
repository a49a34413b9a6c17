import CssBaseline from '@mui/material/CssBaseline'
import { styled, ThemeProvider } from '@mui/material/styles'
import { MaterialDesignContent, SnackbarProvider } from 'notistack'
import { Provider } from 'react-redux'
import { BrowserRouter } from 'react-router'
import { AppRoutes } from './router'
import { store } from './store'
import { theme } from './theme'

/** Toasts hide after 6000 ms (spec section 8). */
export const TOAST_MS = 6000

/**
 * notistack's own colours put white text on #43a047 and #ff9800 (contrast 3.0 and 2.2): darker
 * shades keep every toast at WCAG AA (4.5:1) or better.
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8d4b00' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
  '&.notistack-MuiContent-default': { backgroundColor: '#263238' },
})
const TOASTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast }

export function App() {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          autoHideDuration={TOAST_MS}
          maxSnack={4}
          Components={TOASTS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  )
}
