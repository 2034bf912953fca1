import { ErrorView } from '../components/ErrorView';
import { Spinner } from '../components/Spinner';
import type { PageData } from './usePageState';

/**
 * What a page shows under its heading until its state is ready: the spinner while it loads, the
 * error view (announced) with a retry when it failed; nothing once it is ready.
 */
export function PageLoadStatus({ page, retry }: { page: PageData<unknown>; retry(): void }) {
  if (page.status === 'loading') return <Spinner />;
  if (page.status === 'error') {
    return (
      <div role="alert">
        <ErrorView onRetry={retry} />
      </div>
    );
  }
  return null;
}
