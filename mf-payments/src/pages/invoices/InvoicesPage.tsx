import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { INVOICE_PAGE_SIZE, type InvoicesPageState } from '@portal/shared-api';
import { EmptyState, PageHeading, PageLoadStatus, Pagination } from '@portal/shared-ui';
import { InvoiceItem } from './InvoiceItem';
import { useInvoicesPage } from './useInvoicesPage';
import styles from './InvoicesPage.module.css';

/**
 * payments.invoices (spec part 2 §2.3 "Invoices list"): every invoice, newest first, 10 to a page;
 * each with its status, dates, sum, document and what the patient can do about it (§4).
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

function InvoiceList({ state }: { state: InvoicesPageState }) {
  const intl = useIntl();
  const [requestedPage, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(state.invoices.length / INVOICE_PAGE_SIZE));
  // a retry may bring a shorter list: stay within it
  const current = Math.min(requestedPage, pageCount);
  const shown = state.invoices.slice((current - 1) * INVOICE_PAGE_SIZE, current * INVOICE_PAGE_SIZE);
  const contact = { billingEmail: state.billingEmail, billingPhone: state.billingPhone };
  const list = useRef<HTMLUListElement>(null);
  const turnPage = (next: number) => {
    setPage(next);
    // the new page replaces the list above the pagination: start there, not at the page's end
    list.current?.focus();
    list.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <>
      <ul ref={list} tabIndex={-1} className={styles.list} aria-label={intl.formatMessage({ id: 'payments.invoices.listLabel' })}>
        {shown.map((invoice) => (
          <InvoiceItem key={invoice.id} invoice={invoice} contact={contact} />
        ))}
      </ul>
      <Pagination currentPage={current} totalPages={pageCount} onPageChange={turnPage} />
    </>
  );
}
