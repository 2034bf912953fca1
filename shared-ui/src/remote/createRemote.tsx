import type { ComponentType } from 'react';
import type { Catalogue } from '@portal/shared-i18n';
import type { ShellContextValue } from '../shell-context';
import { reactLifecycles, type ReactLifecycles, type SingleSpaProps } from './react-lifecycles';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemotePages, type RemotePageMap } from './RemotePages';
import { RemoteProviders } from './RemoteProviders';

/** What names a remote and its texts: shared by its `./app` and its parcels. */
export interface RemoteIdentity {
  /** the remote's folder name, the `owner` of its routes in the composed table, e.g. 'mf-records' */
  remoteId: string;
  /** the remote's own texts (ids prefixed with its name); the common catalogue comes with them */
  messages: Catalogue;
}

export interface RemoteOptions extends RemoteIdentity {
  /** route id (the remote's routes.json) → page component */
  pages: RemotePageMap;
}

/** The props the shell mounts a remote's `./app` with (single-spa custom props). */
export type RemoteAppProps = SingleSpaProps & { shell: ShellContextValue };

/**
 * A remote's `./app`: single-spa lifecycles that render the page of the active route among `pages`,
 * in the shell's context and language, each page in the page frame (see PageFrame). Clients come
 * from the shell (`useApiClient`, `useMessagingClient`).
 */
export function createRemote({ remoteId, messages, pages }: RemoteOptions): ReactLifecycles<RemoteAppProps> {
  return reactLifecycles<RemoteAppProps>(({ shell }) => (
    <RemoteProviders shell={shell} messages={messages}>
      <RemotePages shell={shell} remoteId={remoteId} pages={pages} />
    </RemoteProviders>
  ));
}

/** The props the shell mounts a parcel with: its context, and the parcel's own (e.g. `{ summary }`). */
export type ParcelProps<P> = SingleSpaProps & { shell: ShellContextValue } & P;

/**
 * A remote's parcel (e.g. `./summary` on the front page): single-spa lifecycles that render
 * `Parcel` with the props it is mounted with, in the shell's context and the remote's texts. A throw
 * inside shows the error view with a retry in the parcel's place.
 */
export function createParcel<P extends object>({ remoteId, messages }: RemoteIdentity, Parcel: ComponentType<P>): ReactLifecycles<ParcelProps<P>> {
  return reactLifecycles<ParcelProps<P>>((props) => (
    <RemoteProviders shell={props.shell} messages={messages}>
      <RemoteErrorBoundary onError={(error) => props.shell.errors.report(error, `parcel:${remoteId}`)}>
        <Parcel {...props} />
      </RemoteErrorBoundary>
    </RemoteProviders>
  ));
}
