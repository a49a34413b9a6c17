import { render } from '@testing-library/react'
import { SnackbarProvider } from 'notistack'
import type { ReactElement } from 'react'
import { Provider } from 'react-redux'
import { makeStore } from '../src/app/store'

/**
 * A component as the app holds it: the app's own store (nobody signed in, nothing read from
 * or written to local storage) and the toasts' provider. Answers the store with the render.
 */
export function renderInApp(ui: ReactElement) {
  const store = makeStore({ persist: false })
  const view = render(
    <Provider store={store}>
      <SnackbarProvider>{ui}</SnackbarProvider>
    </Provider>,
  )
  return { store, ...view }
}
