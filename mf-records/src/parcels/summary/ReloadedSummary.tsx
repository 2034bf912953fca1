import { frontPageStateSchema } from '@portal/shared-api';
import { PageStatesProvider, Spinner, usePageState } from '@portal/shared-ui';
import { SummaryContent, SummaryError } from './SummaryContent';

/** The front page's state asked again, as any page's state is (usePageState), for its records summary. */
function ReloadedSummaryContent() {
  const { page, retry } = usePageState('front-page');
  if (page.status === 'loading') return <Spinner />;
  const summary = page.status === 'ready' ? page.data.summaries['mf-records'] : undefined;
  return summary ? <SummaryContent summary={summary} /> : <SummaryError onRetry={retry} />;
}

/**
 * Only the retry after a failed summary parses the front page's state in this remote. This module
 * is imported lazily (RecordsSummaryBlocks), so the schema, and zod with it, is fetched on that path
 * alone and not with every front page.
 */
export default function ReloadedSummary() {
  return (
    <PageStatesProvider pageStates={{ 'front-page': frontPageStateSchema }}>
      <ReloadedSummaryContent />
    </PageStatesProvider>
  );
}
