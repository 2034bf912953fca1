import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from '../components/ErrorView';

interface Props {
  children: ReactNode;
  onError(error: unknown, info: ErrorInfo): void;
}

/** A throw anywhere in the remote shows the error view with a retry; the shell and other remotes keep working. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div role="alert">
          <ErrorView onRetry={() => this.setState({ failed: false })} />
        </div>
      );
    }
    return this.props.children;
  }
}
