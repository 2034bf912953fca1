import { lazy, Suspense, useState } from 'react';
import type { RecordsSummary } from '@portal/shared-api';
import { Spinner } from '@portal/shared-ui';
import { SummaryContent, SummaryError } from './SummaryContent';

// The retry path parses the front page's state with its zod schema: a chunk of its own, fetched only then.
const ReloadedSummary = lazy(() => import('./ReloadedSummary'));

/**
 * The records blocks of the front page, in the spec's order: visits, prescriptions, laboratory,
 * questionnaires (only when there are any), imaging. Without a summary (the loader failed) one
 * error with a retry that asks the front page's loader again.
 */
export function RecordsSummaryBlocks({ summary }: { summary: RecordsSummary | undefined }) {
  const [reloading, setReloading] = useState(false);
  if (summary) return <SummaryContent summary={summary} />;
  if (reloading) {
    return (
      <Suspense fallback={<Spinner />}>
        <ReloadedSummary />
      </Suspense>
    );
  }
  return <SummaryError onRetry={() => setReloading(true)} />;
}
