import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react'
import { t } from '@gis/shared/i18n'
import type { WorkspaceWindow } from '@gis/shared'
import { useGetConfigQuery } from '../../api/session.api'
import { useAppDispatch } from '../../state/root-state'
import { ErrorScreen } from '../../components/ErrorScreen'
import { LoadingScreen } from '../../components/LoadingScreen'
import { removeWindow, setWindowState } from '../../state/workspace-slice'
import { WindowBoundary } from './WindowBoundary'
import { windowType, type WindowProps } from '../../windows/window-registry'

const loaded = new Map<string, LazyExoticComponent<ComponentType<WindowProps>>>()

function componentOf(type: string): LazyExoticComponent<ComponentType<WindowProps>> | undefined {
  const def = windowType(type)
  if (!def) return undefined
  let component = loaded.get(type)
  if (!component) {
    component = lazy(async () => ({ default: await def.load() }))
    loaded.set(type, component)
  }
  return component
}

function WindowContent({ win }: { win: WorkspaceWindow }) {
  const dispatch = useAppDispatch()
  const def = windowType(win.type)
  // parseState throws on a malformed saved state: the boundary turns that into code 400.
  const state = def?.parseState ? def.parseState(win.state) : win.state
  const Content = componentOf(win.type)
  const setState = useMemo(
    () => (next: unknown) => dispatch(setWindowState({ id: win.id, state: next })),
    [dispatch, win.id],
  )
  if (!Content) return null
  return <Content windowId={win.id} props={win.props} state={state} setState={setState} />
}

/** One window: its content loaded on demand, isolated; an unknown type shows code 404. */
export function WindowHost({ win }: { win: WorkspaceWindow }) {
  const dispatch = useAppDispatch()
  const close = () => dispatch(removeWindow(win.id))
  const modules = useGetConfigQuery().data?.modules
  const module = windowType(win.type)?.module
  if (!windowType(win.type) || (module && modules && !modules.includes(module))) {
    return <ErrorScreen code={404} detail="error.windowEmpty" onBack={close} />
  }
  return (
    <WindowBoundary onClose={close}>
      <Suspense fallback={<LoadingScreen text={t('common.loading')} />}>
        <WindowContent win={win} />
      </Suspense>
    </WindowBoundary>
  )
}
