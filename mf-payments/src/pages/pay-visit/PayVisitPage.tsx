import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { BRAND_MERGER_DATE, type PayVisitPageState } from '@portal/shared-api';
import { LANGUAGES } from '@portal/shared-i18n';
import { Alert, PageHeading, PageLoadStatus, usePageState, useShell } from '@portal/shared-ui';
import { useDates } from '../../components/dates/useDates';

/**
 * payments.pay-visit (pay-visit, maksa-kaynti, betala-besok; spec part 2 §2.3 "Invoice notification
 * landing", §1): where the invoice notification's link lands, signed out and without the menu. It
 * asks whose visit is paid: the patient's own (signing in at either brand) or a child's under 18
 * (the guardian's strong identification; the server checks the guardianship before showing the
 * child's invoices). The brands' merger notice and the page in the other two languages.
 */
export function PayVisitPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('payments.pay-visit');
  return (
    <div className="portal-vstack-l portal-page-column">
      <PageHeading>{intl.formatMessage({ id: 'payments.payVisit.title' })}</PageHeading>
      <LanguageLinks />
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && <PayVisitChoices state={page.data} />}
    </div>
  );
}

function PayVisitChoices({ state }: { state: PayVisitPageState }) {
  const intl = useIntl();
  const dates = useDates();
  const ownId = useId();
  const childId = useId();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `payments.payVisit.${id}` }, values);
  return (
    <>
      <Alert variant="info" announce={false} title={t('merger.title')}>
        {t('merger.text', { date: dates.date(BRAND_MERGER_DATE) })}
      </Alert>
      <p className="portal-title-l portal-m0">{t('intro')}</p>
      <section aria-labelledby={ownId} className="portal-vstack-s portal-box">
        <h2 id={ownId} className="portal-title-l portal-m0">
          {t('own.title')}
        </h2>
        <p className="portal-m0">{t('own.text')}</p>
        <ul className="portal-vstack-s portal-plain-list">
          {state.ownVisitLinks.map((link) => (
            <li key={link.brand}>
              <a className="portal-bold" href={link.url}>
                {t(`own.${link.brand}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={childId} className="portal-vstack-s portal-box">
        <h2 id={childId} className="portal-title-l portal-m0">
          {t('child.title')}
        </h2>
        <p className="portal-m0">{t('child.text')}</p>
        <p className="portal-m0">
          <a className="portal-bold" href={state.childVisitUrl}>
            {t('child.link')}
          </a>
        </p>
      </section>
    </>
  );
}

/**
 * This page in the other two languages (§2.3 "FI/SV/EN language links"), by the shell's route
 * hrefs, keeping the notification link's query. Each name is in its own language, as a visitor
 * looks for their own.
 */
function LanguageLinks() {
  const intl = useIntl();
  const shell = useShell();
  const { search } = useLocation();
  return (
    <nav aria-label={intl.formatMessage({ id: 'payments.payVisit.languages' })}>
      <ul className="portal-row portal-gap-m portal-plain-list">
        {LANGUAGES.filter((lang) => lang !== shell.lang).map((lang) => (
          <li key={lang}>
            <a href={`${shell.href('payments.pay-visit', {}, lang)}${search}`} lang={lang} hrefLang={lang}>
              {intl.formatMessage({ id: `payments.payVisit.language.${lang}` })}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
