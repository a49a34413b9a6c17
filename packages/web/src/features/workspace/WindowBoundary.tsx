import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from '../../components/ErrorScreen'

interface Props {
  children: ReactNode
  onClose: () => void
}

/** Isolates one workspace window: a crash shows the error page with code 400 in that window only. */
export class WindowBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('workspace window crashed', error, info.componentStack)
  }

  override render() {
    if (this.state.failed) {
      return <ErrorScreen code={400} detail="error.windowCrashed" onBack={this.props.onClose} />
    }
    return this.props.children
  }
}
