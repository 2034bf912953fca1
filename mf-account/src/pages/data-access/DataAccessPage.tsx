import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { accessLogPageCount, DATA_EXPORT_PATH, type AccessLogPage, type DataAccessPageState } from '@portal/shared-api';
import { Alert, Button, EmptyState, LinkButton, Pagination, Spinner, usePageState, useShell } from '@portal/shared-ui';
import { StatePage } from '../../components/StatePage';
import { AccessLogTable } from './AccessLogTable';
import { useAccessLogPages } from './useAccessLogPages';
import styles from './DataAccessPage.module.css';

/** The log, 25 rows a page with the shared pagination; focus moves to the table when a new page arrives. */
function AccessLog({ first }: { first: AccessLogPage }) {
  const intl = useIntl();
  const headingId = useId();
  const { view, showPage } = useAccessLogPages(first);
  const table = useRef<HTMLTableElement>(null);
  const shownPage = view.log.page;
  const arrived = useRef(false);

  useEffect(() => {
    // not on the first render: the page frame focuses the h1 then
    if (arrived.current) table.current?.focus();
    arrived.current = true;
  }, [shownPage]);

  const { totalCount, pageSize, entries } = view.log;
  const askedPage = view.status === 'ready' ? shownPage : view.page;
  const from = (shownPage - 1) * pageSize + 1;
  const caption = intl.formatMessage(
    { id: 'account.data-access.log.caption' },
    { from, to: from + entries.length - 1, total: totalCount },
  );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {intl.formatMessage({ id: 'account.data-access.log.title' })}
      </h2>
      <p>{intl.formatMessage({ id: 'account.data-access.log.intro' })}</p>
      {totalCount === 0 ? (
        <EmptyState text={intl.formatMessage({ id: 'account.data-access.log.empty' })} />
      ) : (
        <>
          {entries.length > 0 && <AccessLogTable ref={table} entries={entries} caption={caption} busy={view.status === 'loading'} />}
          {view.status === 'loading' && <Spinner />}
          {view.status === 'error' && (
            <Alert variant="error" title={intl.formatMessage({ id: 'account.data-access.log.pageError' })}>
              <Button variant="secondary" size="small" onClick={() => showPage(view.page)}>
                {intl.formatMessage({ id: 'account.data-access.log.retry' })}
              </Button>
            </Alert>
          )}
          <Pagination
            currentPage={askedPage}
            totalPages={accessLogPageCount(totalCount)}
            onPageChange={showPage}
            label={intl.formatMessage({ id: 'account.data-access.log.pagination' })}
          />
        </>
      )}
    </section>
  );
}

/** "Download my data": a link to the FHIR R4 export, which the server answers as a file. */
function DataExport({ subject }: { subject: DataAccessPageState['subject'] }) {
  const intl = useIntl();
  const { lang } = useShell();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {intl.formatMessage({ id: 'account.data-access.export.title' })}
      </h2>
      <p>
        {subject.kind === 'ward'
          ? intl.formatMessage({ id: 'account.data-access.export.intro.ward' }, { name: subject.givenName })
          : intl.formatMessage({ id: 'account.data-access.export.intro' })}
      </p>
      <p className={styles.note}>{intl.formatMessage({ id: 'account.data-access.export.note' })}</p>
      <LinkButton href={`${DATA_EXPORT_PATH}?${new URLSearchParams({ lang }).toString()}`} download variant="secondary">
        {intl.formatMessage({ id: subject.kind === 'ward' ? 'account.data-access.export.button.ward' : 'account.data-access.export.button' })}
      </LinkButton>
    </section>
  );
}

/**
 * account.data-access (issue 12, the Client Data Act 703/2023): who has handled the patient's data
 * (the ward's while a guardian acts for them), and "Download my data" as a FHIR R4 file.
 */
export function DataAccessPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('account.data-access');
  return (
    <StatePage title={intl.formatMessage({ id: 'account.data-access.title' })} page={page} retry={retry}>
      {(data) => (
        <>
          <p className={styles.intro}>{intl.formatMessage({ id: 'account.data-access.intro' })}</p>
          {data.subject.kind === 'ward' && (
            <Alert variant="info" announce={false}>
              {intl.formatMessage({ id: 'account.data-access.ward' }, { name: data.subject.givenName })}
            </Alert>
          )}
          <AccessLog first={data.log} />
          <DataExport subject={data.subject} />
        </>
      )}
    </StatePage>
  );
}
