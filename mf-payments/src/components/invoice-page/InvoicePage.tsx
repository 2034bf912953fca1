import type { ReactNode } from 'react';
import type { PageStateOf } from '@portal/shared-api';
import { Alert, Button, PageHeading, ShellLink, Spinner, usePageState } from '@portal/shared-ui';

/** The pages about one of the patient's invoices, whose page state says when the invoice is not theirs or does not exist. */
type InvoiceRoute = 'payments.pay' | 'payments.payment';
type InvoiceFound<R extends InvoiceRoute> = Exclude<PageStateOf<R>, { status: 'invoice-not-found' }>;

export interface InvoicePageTexts {
  title: string;
  notFound: string;
  retry: string;
  /** the link back to the invoices */
  invoices: string;
}

const isFound = <R extends InvoiceRoute>(state: PageStateOf<R>): state is InvoiceFound<R> => state.status !== 'invoice-not-found';

/**
 * The frame of a page about one invoice (spec part 2 §2.3, §8 "Payments"): its heading, the spinner
 * while the page state loads, and the invoice-not-found text both when the invoice is not the
 * patient's (or does not exist) and when the load failed. A failed load still offers a retry (a
 * passing network failure deserves one); both offer the way back to the invoices. The page renders
 * a found invoice's state, and passes its own texts, so each page keeps its wording.
 */
export function InvoicePage<R extends InvoiceRoute>({
  routeId,
  id,
  texts,
  children,
}: {
  routeId: R;
  id: string;
  texts: InvoicePageTexts;
  children(state: InvoiceFound<R>, reload: () => void): ReactNode;
}) {
  const { page, retry } = usePageState(routeId, { id });
  return (
    <div className="portal-vstack-l portal-page-column">
      <PageHeading>{texts.title}</PageHeading>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <Alert variant="error">
          <p className="portal-mb-s portal-last-mb0">{texts.notFound}</p>
          <div className="portal-row portal-items-center portal-gap-m">
            <Button variant="secondary" onClick={retry}>
              {texts.retry}
            </Button>
            <ShellLink routeId="payments.invoices">{texts.invoices}</ShellLink>
          </div>
        </Alert>
      )}
      {page.status === 'ready' &&
        (isFound(page.data) ? (
          children(page.data, retry)
        ) : (
          <Alert variant="info" announce={false}>
            <p className="portal-mb-s portal-last-mb0">{texts.notFound}</p>
            <ShellLink routeId="payments.invoices">{texts.invoices}</ShellLink>
          </Alert>
        ))}
    </div>
  );
}
