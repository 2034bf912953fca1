import { RemotePages, type ShellContextValue } from '@portal/shared-ui';
import { RecordsProviders } from './components/RecordsProviders';
import { pagesByRouteId } from './pages';

export const REMOTE_ID = 'mf-records';

/** The records pages, in the remote's providers (its texts inside the error boundary's reach). */
export function RecordsApp({ shell }: { shell: ShellContextValue }) {
  return (
    <RecordsProviders shell={shell}>
      <RemotePages shell={shell} remoteId={REMOTE_ID} pages={pagesByRouteId} />
    </RecordsProviders>
  );
}
