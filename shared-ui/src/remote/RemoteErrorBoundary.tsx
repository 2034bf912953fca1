import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from '../components/ErrorView';
import type { HeadingLevel } from '../components/Heading';

interface Props {
  children: ReactNode;
  onError(error: unknown, info: ErrorInfo): void;
  /** 1 where the boundary stands in for a whole page, so the error view is the page's heading */
  headingLevel?: HeadingLevel;
  /** told when the retry button clears the error, just before the children render again */
  onRetry?(): void;
}

/** A throw anywhere inside shows the error view with a retry; the shell and other remotes keep working. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render() {
    if (this.state.failed) {
      return (
        <div role="alert">
          <ErrorView headingLevel={this.props.headingLevel} onRetry={this.retry} />
        </div>
      );
    }
    return this.props.children;
  }
}
