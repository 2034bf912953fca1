import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  ACCESS_LOG_EXPORT_PATH,
  accessLogCategories,
  accessLogFilterParams,
  accessLogPageCount,
  DATA_EXPORT_PATH,
  type AccessLogCategory,
  type AccessLogFilter,
  type AccessLogPage,
  type DataAccessPageState,
} from '@portal/shared-api';
import { Alert, Button, EmptyState, FIELD_CLASS, LinkButton, Pagination, Spinner, TEXT_INPUT_CLASS, TextField, usePageState, useShell } from '@portal/shared-ui';
import { StatePage } from '../../components/StatePage';
import { AccessLogTable } from './AccessLogTable';
import { isFiltered, useAccessLogPages } from './useAccessLogPages';
import styles from './DataAccessPage.module.css';

/**
 * The log's filter: one kind of data (or all) and a date range (Helsinki days, both inclusive).
 * Applied with its button; an end before the start is refused here, at the "To" field, before any
 * request (the server refuses it too, with 400).
 */
function AccessLogFilterForm({ filter, onApply }: { filter: AccessLogFilter; onApply(filter: AccessLogFilter): void }) {
  const intl = useIntl();
  const titleId = useId();
  const kindId = useId();
  const fromId = useId();
  const toId = useId();
  const [kind, setKind] = useState<AccessLogCategory | ''>(filter.categories?.[0] ?? '');
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [rangeError, setRangeError] = useState(false);
  const toInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && to < from) {
      setRangeError(true);
      toInput.current?.focus();
      return;
    }
    setRangeError(false);
    onApply({ ...(kind ? { categories: [kind] } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) });
  };
  const clear = () => {
    setKind('');
    setFrom('');
    setTo('');
    setRangeError(false);
    onApply({});
  };

  return (
    <form className={styles.filter} aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h3 id={titleId} className="portal-mb-s portal-title-m">
        {intl.formatMessage({ id: 'account.data-access.filter.title' })}
      </h3>
      <div className={styles.filterFields}>
        <div className={FIELD_CLASS.field}>
          <label htmlFor={kindId} className={FIELD_CLASS.label}>
            {intl.formatMessage({ id: 'account.data-access.filter.kind' })}
          </label>
          <select id={kindId} className={TEXT_INPUT_CLASS} value={kind} onChange={(event) => setKind(event.target.value as AccessLogCategory | '')}>
            <option value="">{intl.formatMessage({ id: 'account.data-access.filter.kind.all' })}</option>
            {accessLogCategories.map((category) => (
              <option key={category} value={category}>
                {intl.formatMessage({ id: `account.data-access.category.${category}` })}
              </option>
            ))}
          </select>
        </div>
        <TextField id={fromId} type="date" label={intl.formatMessage({ id: 'account.data-access.filter.from' })} value={from} onValue={setFrom} />
        <TextField
          id={toId}
          type="date"
          inputRef={toInput}
          label={intl.formatMessage({ id: 'account.data-access.filter.to' })}
          value={to}
          onValue={setTo}
          error={rangeError ? intl.formatMessage({ id: 'account.data-access.filter.invalid' }) : null}
        />
      </div>
      <div className="portal-form-actions">
        <Button type="submit" variant="secondary">
          {intl.formatMessage({ id: 'account.data-access.filter.apply' })}
        </Button>
        {isFiltered(filter) && (
          <Button variant="tertiary" onClick={clear}>
            {intl.formatMessage({ id: 'account.data-access.filter.clear' })}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The log as a CSV file, as filtered: the server answers it as an attachment in the page language. */
function AccessLogDownload({ filter }: { filter: AccessLogFilter }) {
  const intl = useIntl();
  const { lang } = useShell();
  return (
    <div className={styles.download}>
      <p className="portal-muted">{intl.formatMessage({ id: 'account.data-access.csv.note' })}</p>
      <LinkButton href={`${ACCESS_LOG_EXPORT_PATH}?${new URLSearchParams({ lang, ...accessLogFilterParams(filter) }).toString()}`} download variant="secondary">
        {intl.formatMessage({ id: 'account.data-access.csv.button' })}
      </LinkButton>
    </div>
  );
}

/**
 * The log, 25 entries a page with the shared pagination, one entry per page view; focus moves to
 * the table when a new page (or a newly filtered log) arrives.
 */
function AccessLog({ first }: { first: AccessLogPage }) {
  const intl = useIntl();
  const headingId = useId();
  const { view, filter, showPage, applyFilter } = useAccessLogPages(first);
  const table = useRef<HTMLTableElement>(null);
  const shownLog = view.log;
  const arrived = useRef(false);

  useEffect(() => {
    // not on the first render: the page frame focuses the h1 then
    if (arrived.current) table.current?.focus();
    arrived.current = true;
  }, [shownLog]);

  const { totalCount, pageSize, entries, page: shownPage } = view.log;
  const askedPage = view.status === 'ready' ? shownPage : view.page;
  const from = (shownPage - 1) * pageSize + 1;
  const caption = intl.formatMessage(
    { id: 'account.data-access.log.caption' },
    { from, to: from + entries.length - 1, total: totalCount },
  );

  return (
    <section className="portal-mt-l" aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-mb-s portal-title-l">
        {intl.formatMessage({ id: 'account.data-access.log.title' })}
      </h2>
      <p>{intl.formatMessage({ id: 'account.data-access.log.intro' })}</p>
      {first.totalCount === 0 ? (
        <EmptyState text={intl.formatMessage({ id: 'account.data-access.log.empty' })} />
      ) : (
        <>
          <AccessLogFilterForm filter={filter} onApply={applyFilter} />
          {view.status === 'error' && view.badFilter && (
            <Alert variant="error" title={intl.formatMessage({ id: 'account.data-access.filter.badRequest' })} />
          )}
          {/* a live region: a filter that matches nothing says so where the table would be */}
          <div role="status">
            {totalCount === 0 && view.status === 'ready' && <EmptyState text={intl.formatMessage({ id: 'account.data-access.log.filteredEmpty' })} />}
          </div>
          {entries.length > 0 && <AccessLogTable ref={table} entries={entries} caption={caption} busy={view.status === 'loading'} />}
          {view.status === 'loading' && <Spinner />}
          {view.status === 'error' && !view.badFilter && (
            <Alert variant="error" title={intl.formatMessage({ id: 'account.data-access.log.pageError' })}>
              <Button variant="secondary" size="small" onClick={() => showPage(view.page)}>
                {intl.formatMessage({ id: 'account.data-access.log.retry' })}
              </Button>
            </Alert>
          )}
          {totalCount > 0 && (
            <Pagination
              currentPage={askedPage}
              totalPages={accessLogPageCount(totalCount)}
              onPageChange={showPage}
              label={intl.formatMessage({ id: 'account.data-access.log.pagination' })}
            />
          )}
          <AccessLogDownload filter={filter} />
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
    <section className="portal-mt-l" aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-mb-s portal-title-l">
        {intl.formatMessage({ id: 'account.data-access.export.title' })}
      </h2>
      <p>
        {subject.kind === 'ward'
          ? intl.formatMessage({ id: 'account.data-access.export.intro.ward' }, { name: subject.givenName })
          : intl.formatMessage({ id: 'account.data-access.export.intro' })}
      </p>
      <p className="portal-muted">{intl.formatMessage({ id: 'account.data-access.export.note' })}</p>
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
          <p className="portal-mb-m">{intl.formatMessage({ id: 'account.data-access.intro' })}</p>
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
