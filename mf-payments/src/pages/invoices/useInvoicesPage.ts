import { useCallback, useEffect, useState } from 'react';
import { INVOICES_LIST_PATH, invoicesListResponseSchema, type InvoicesPageState } from '@portal/shared-api';
import { usePageState, useShell, type PageData } from '@portal/shared-ui';

/**
 * The invoices page's data: the page's loader state (embedded on the first page, else loaded), and
 * after a failure the retry asks the invoices list call itself (spec part 2 §7 GET
 * /api/payments/invoices-list, §8 "the invoice list failure shows the generic error view with
 * retry"). The list call carries no billing contact; the brand's own (the shell's config) is the
 * same one the loader sends.
 */
export function useInvoicesPage(): { page: PageData<InvoicesPageState>; retry(): void } {
  const shell = useShell();
  const { page: loaded } = usePageState('payments.invoices');
  const [refetched, setRefetched] = useState<PageData<InvoicesPageState> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    const controller = new AbortController();
    shell.api
      .get(INVOICES_LIST_PATH, invoicesListResponseSchema, { searchParams: { lang: shell.lang }, signal: controller.signal })
      .then(({ invoices }) => {
        if (controller.signal.aborted) return;
        setRefetched({ status: 'ready', data: { invoices, billingEmail: shell.config.billingEmail, billingPhone: shell.config.billingPhone } });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        shell.errors.report(error, 'payments-invoices');
        setRefetched({ status: 'error' });
      });
    return () => controller.abort();
  }, [attempt, shell]);

  const retry = useCallback(() => {
    setRefetched({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { page: refetched ?? loaded, retry };
}
