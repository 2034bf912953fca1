import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { MessagingSummary } from '@portal/shared-api';
import type { ShellContextValue } from '@portal/shared-ui';
import { MessagingProviders } from '../components/MessagingProviders';
import { ConversationsSummary } from './summary/ConversationsSummary';

export interface SummaryParcelProps {
  shell: ShellContextValue;
  /** FrontPageState.summaries['mf-messaging']; undefined when the messaging summary could not be loaded */
  summary: MessagingSummary | undefined;
}

export function SummaryParcel({ shell, summary }: SummaryParcelProps) {
  return (
    <MessagingProviders shell={shell}>
      <ConversationsSummary summary={summary} />
    </MessagingProviders>
  );
}

/** `./summary`: the front page's conversations block as a single-spa parcel (props `{ shell, summary }`). */
const parcel = singleSpaReact<SummaryParcelProps>({
  React,
  ReactDOMClient,
  rootComponent: SummaryParcel,
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount } = parcel;
export const update = parcel.update;
export default parcel;
