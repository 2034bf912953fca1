import { RemotePages, type ShellContextValue } from '@portal/shared-ui';
import { MessagingProviders } from './components/MessagingProviders';
import { pagesByRouteId } from './pages';

export const REMOTE_ID = 'mf-messaging';

/** The messaging pages, in the remote's providers (texts and the GraphQL client). */
export function MessagingApp({ shell }: { shell: ShellContextValue }) {
  return (
    <MessagingProviders shell={shell}>
      <RemotePages shell={shell} remoteId={REMOTE_ID} pages={pagesByRouteId} />
    </MessagingProviders>
  );
}
