import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { SnackbarProvider } from 'notistack'
import { Provider } from 'react-redux'
import { RouterProvider } from 'react-router'
import { router } from './router'
import { store } from './store'
import { theme } from './theme'

/** Toasts hide after 6000 ms (spec section 8). */
export const TOAST_MS = 6000

export function App() {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          autoHideDuration={TOAST_MS}
          maxSnack={4}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  )
}
