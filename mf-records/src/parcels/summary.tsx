import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RecordsSummary } from '@portal/shared-api';
import type { ShellContextValue } from '@portal/shared-ui';
import { RecordsProviders } from '../components/RecordsProviders';
import { RecordsSummaryBlocks } from './summary/RecordsSummaryBlocks';

export interface SummaryParcelProps {
  shell: ShellContextValue;
  /** FrontPageState.summaries['mf-records']; undefined when the records loader failed */
  summary: RecordsSummary | undefined;
}

export function SummaryParcel({ shell, summary }: SummaryParcelProps) {
  return (
    <RecordsProviders shell={shell}>
      <RecordsSummaryBlocks summary={summary} />
    </RecordsProviders>
  );
}

/** `./summary`: the front page's records blocks as a single-spa parcel (props `{ shell, summary }`). */
const parcel = singleSpaReact<SummaryParcelProps>({
  React,
  ReactDOMClient,
  rootComponent: SummaryParcel,
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount } = parcel;
export const update = parcel.update;
export default parcel;
