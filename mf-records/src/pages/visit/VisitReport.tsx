import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { VisitReport as VisitReportData } from '@portal/shared-api';
import { Button } from '@portal/shared-ui';
import { Avatar } from '../../components/Avatar';
import { useDates } from '../../components/dates';
import styles from './VisitPage.module.css';

/**
 * The medical report (spec part 1 §2 "Visit"): when, who (picture or initials, name, title), which
 * specialty, the patient's full name and personal identity code, the diagnoses (code, description)
 * and the texts. Texts are plain text: React escapes them and CSS keeps their line breaks, so a
 * report can never inject markup.
 */
export function VisitReport({ visit }: { visit: VisitReportData }) {
  const intl = useIntl();
  const dates = useDates();
  const t = (id: string) => intl.formatMessage({ id });
  const ids = useId();
  const practitioner = visit.practitionerTitle ? `${visit.practitionerName}, ${visit.practitionerTitle}` : visit.practitionerName;
  return (
    <article className="portal-vstack-l" aria-labelledby={`${ids}-summary`}>
      <section className={`${styles.summary} portal-box portal-box--surface`} aria-labelledby={`${ids}-summary`}>
        <h2 id={`${ids}-summary`} className="portal-title-l portal-m0">
          {visit.specialtyName}
        </h2>
        <p className={styles.when}>
          <time dateTime={visit.dateTime}>{dates.dateTime(visit.dateTime)}</time>
        </p>
        <div className="portal-items-center portal-flex portal-gap-s">
          <Avatar name={visit.practitionerName} pictureUrl={visit.practitionerPictureUrl} />
          <p className="portal-m0">
            <span className="portal-muted">{t('records.visit.practitioner')}: </span>
            {practitioner}
          </p>
        </div>
      </section>

      <section className="portal-vstack-xs" aria-labelledby={`${ids}-patient`}>
        <h2 id={`${ids}-patient`} className="portal-title-l portal-m0">
          {t('records.visit.patient')}
        </h2>
        <dl className="portal-m0">
          <div className="portal-fact portal-grid-xs">
            <dt>{t('records.visit.patientName')}</dt>
            <dd>{visit.patient.fullName}</dd>
          </div>
          <div className="portal-fact portal-grid-xs">
            <dt>{t('records.visit.identityCode')}</dt>
            <dd>{visit.patient.identityCode}</dd>
          </div>
        </dl>
      </section>

      <section className="portal-vstack-xs" aria-labelledby={`${ids}-diagnoses`}>
        <h2 id={`${ids}-diagnoses`} className="portal-title-l portal-m0">
          {t('records.visit.diagnoses')}
        </h2>
        {visit.diagnoses.length === 0 ? (
          <p className="portal-muted">{t('records.visit.noDiagnoses')}</p>
        ) : (
          <ul className="portal-plain-list">
            {visit.diagnoses.map((diagnosis, index) => (
              <li key={`${diagnosis.code}-${index}`} className={styles.diagnosis}>
                <span className={styles.code}>{diagnosis.code}</span> <span>{diagnosis.description}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="portal-vstack-xs" aria-labelledby={`${ids}-texts`}>
        <h2 id={`${ids}-texts`} className="portal-title-l portal-m0">
          {t('records.visit.texts')}
        </h2>
        {visit.texts.length === 0 && <p className="portal-muted">{t('records.visit.noTexts')}</p>}
        {visit.texts.map((text, index) => (
          <section key={`${text.title}-${index}`} className={styles.text}>
            <h3 className="portal-mb-xxs portal-title-m">{text.title}</h3>
            <p className={styles.textBody}>{text.body}</p>
          </section>
        ))}
      </section>

      <div className={`${styles.noPrint} portal-actions-end portal-full-small`}>
        <Button variant="secondary" onClick={() => window.print()}>
          {t('records.visit.print')}
        </Button>
      </div>
    </article>
  );
}
