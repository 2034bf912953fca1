import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { INVOICE_PAGE_SIZE, type InvoicesPageState } from '@portal/shared-api';
import { EmptyState, PageHeading, PageLoadStatus, Pagination } from '@portal/shared-ui';
import { InvoiceItem } from './InvoiceItem';
import { useInvoicesPage } from './useInvoicesPage';
import styles from './InvoicesPage.module.css';

/**
 * payments.invoices (spec part 2 §2.3 "Invoices list"): every invoice, newest first, 10 to a page;
 * each with its status, dates, sum, document and what the patient can do about it (§4). The page
 * shown is the address's `?page=` (issue 28: Back from an invoice returns to the page it was on).
 */
export function InvoicesPage() {
  const intl = useIntl();
  const { page, retry } = useInvoicesPage();
  return (
    <div className={styles.page}>
      <PageHeading>{intl.formatMessage({ id: 'payments.invoices.title' })}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' &&
        (page.data.invoices.length === 0 ? (
          <EmptyState text={intl.formatMessage({ id: 'payments.invoices.empty' })} />
        ) : (
          <InvoiceList state={page.data} />
        ))}
    </div>
  );
}

/** The list's page lives in the address (`?page=2`), so Back from an opened invoice returns to it. */
const INVOICE_PAGE_PARAM = 'page';

/** The page the address names: a whole number from 1, else the first page. */
function pageInAddress(params: URLSearchParams): number {
  const value = params.get(INVOICE_PAGE_PARAM) ?? '';
  return /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1;
}

function InvoiceList({ state }: { state: InvoicesPageState }) {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const pageCount = Math.max(1, Math.ceil(state.invoices.length / INVOICE_PAGE_SIZE));
  // an address's page past the end (a bookmark, a retry bringing a shorter list): stay within the list
  const current = Math.min(pageInAddress(searchParams), pageCount);
  const shown = state.invoices.slice((current - 1) * INVOICE_PAGE_SIZE, current * INVOICE_PAGE_SIZE);
  const contact = { billingEmail: state.billingEmail, billingPhone: state.billingPhone };
  const list = useRef<HTMLUListElement>(null);
  const turnPage = (next: number) => {
    // a history entry per page: Back goes to the page before, and from an opened invoice to this page
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 1) updated.delete(INVOICE_PAGE_PARAM);
        else updated.set(INVOICE_PAGE_PARAM, String(next));
        return updated;
      },
      { preventScrollReset: true },
    );
    // the new page replaces the list above the pagination: start there, not at the page's end
    list.current?.focus();
    list.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <>
      <ul ref={list} tabIndex={-1} className={`${styles.list} portal-vstack-m portal-mb-l`} aria-label={intl.formatMessage({ id: 'payments.invoices.listLabel' })}>
        {shown.map((invoice) => (
          <InvoiceItem key={invoice.id} invoice={invoice} contact={contact} />
        ))}
      </ul>
      <Pagination currentPage={current} totalPages={pageCount} onPageChange={turnPage} />
    </>
  );
}
