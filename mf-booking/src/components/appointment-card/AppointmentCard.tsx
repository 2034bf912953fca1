import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AppointmentDetail } from '@portal/shared-api';
import { formatDateTime, formatMoney } from '@portal/shared-i18n';
import { Heading, useShell, type HeadingLevel } from '@portal/shared-ui';
import { PriceLines } from '../price/PriceLines';
import styles from './AppointmentCard.module.css';

/** The first letters of the first and last word of a name ('Anna-Liisa Virtanen' → 'AV'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}

/** The practitioner's picture, or initials without one. Decorative: the name is written beside it. */
function PractitionerPicture({ name, pictureUrl }: { name: string; pictureUrl: string | null }) {
  if (pictureUrl) return <img className={styles.avatar} src={pictureUrl} alt="" width={48} height={48} loading="lazy" />;
  return (
    <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true" data-testid="avatar-initials">
      {initialsOf(name)}
    </span>
  );
}

/**
 * One appointment (spec part 2 §3 "Appointment (detail)"): the specialty as its heading, the kind,
 * the time in Europe/Helsinki and the duration, the practitioner (picture or initials, name,
 * title), where (the clinic's name, address and arrival info, or remote / video), and the private
 * price estimate 'from' the rate plus fees. The arrival info is HTML the server rendered from the
 * CMS's markdown and sanitised. `children` (notices, actions) follow the facts.
 */
export function AppointmentCard({
  appointment,
  headingLevel = 2,
  headingLink,
  children,
}: {
  appointment: AppointmentDetail;
  headingLevel?: HeadingLevel;
  /** makes the heading a link (the list's cards open the appointment page) */
  headingLink?: (text: string) => ReactNode;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const { lang } = useShell();
  const ids = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { clinic, practitioner, price } = appointment;
  const where = appointment.isVideo ? t('booking.appointment.card.video') : appointment.isRemote ? t('booking.appointment.card.remote') : clinic.name;
  return (
    <article className="portal-vstack-s portal-box portal-box--surface portal-wrap-anywhere" aria-labelledby={`${ids}-heading`}>
      <Heading level={headingLevel} id={`${ids}-heading`} className={styles.heading}>
        {headingLink ? headingLink(appointment.specialty.title) : appointment.specialty.title}
      </Heading>
      <p className="portal-bold portal-m0">
        <time dateTime={appointment.startDate}>{formatDateTime(appointment.startDate, lang)}</time>
        <span className={styles.muted}> · {t('booking.appointment.card.duration', { minutes: appointment.durationMinutes })}</span>
      </p>
      <div className="portal-items-center portal-flex portal-gap-s">
        <PractitionerPicture name={practitioner.name} pictureUrl={practitioner.profilePictureUrl} />
        <p className={`${styles.practitionerText} portal-m0 portal-flex`}>
          <span className="portal-bold">{practitioner.name}</span>
          {practitioner.title && <span className={styles.muted}>{practitioner.title}</span>}
        </p>
      </div>
      <dl className="portal-m0">
        <div className={`${styles.fact} portal-fact portal-grid-xs`}>
          <dt>{t('booking.appointment.card.kind')}</dt>
          <dd>{appointment.kind}</dd>
        </div>
        <div className={`${styles.fact} portal-fact portal-grid-xs`}>
          <dt>{t('booking.appointment.card.location')}</dt>
          <dd>
            {where}
            {!appointment.isRemote && clinic.address && (
              <span className="portal-block">
                {clinic.address.street}, {clinic.address.postalCode} {clinic.address.postOffice}
              </span>
            )}
          </dd>
        </div>
        {price && (
          <div className={`${styles.fact} portal-fact portal-grid-xs`}>
            <dt>{t('booking.appointment.card.price')}</dt>
            <dd>
              {t('booking.appointment.card.priceFrom', { price: formatMoney(Number(price.fromEuros), lang) })}
              <PriceLines lines={price.lines} lang={lang} className={styles.priceLines} />
            </dd>
          </div>
        )}
      </dl>
      {!appointment.isRemote && clinic.arrivalInfoHtml && (
        // a plain block, not a landmark: every card of the list has one, and landmarks must be told apart
        <div className={styles.arrival}>
          <Heading level={Math.min(headingLevel + 1, 6) as HeadingLevel} id={`${ids}-arrival`} className="portal-mb-xxs portal-title-m">
            {t('booking.appointment.card.arrivalInfo')}
          </Heading>
          {/* sanitised on the server (booking/markdown.ts): only text, lists, emphasis and safe links */}
          <div className="portal-flush" dangerouslySetInnerHTML={{ __html: clinic.arrivalInfoHtml }} />
        </div>
      )}
      {children}
    </article>
  );
}
