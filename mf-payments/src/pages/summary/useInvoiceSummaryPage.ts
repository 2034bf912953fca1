import { usePageState } from '@portal/shared-ui';

/** The summary of the invoice in the path (`laskut/yhteenveto/:id`), or not found for one that is not the patient's. */
export function useInvoiceSummaryPage(id: string) {
  return usePageState('payments.summary', { id });
}
