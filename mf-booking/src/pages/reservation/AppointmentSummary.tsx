import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ReservationAppointment, ReservationPriceInfo } from '@portal/shared-api';
import { formatDateTime, formatMoney } from '@portal/shared-i18n';
import { DETAILS_LIST_CLASS, useShell } from '@portal/shared-ui';
import { PriceLines } from '../../components/price/PriceLines';
import styles from './ReservationPage.module.css';

/** The CMS's reservation info, already rendered to HTML and sanitised by the server (server/src/modules/booking/markdown.ts). */
function ReservationInfo({ html }: { html: string }) {
  // sanitised on the server (sanitize-html), so the remote ships no markdown parser
  return <div className="portal-flush" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * What is being reserved (spec part 2 §3 "Appointment (reservation page)", §9): the time in
 * Europe/Helsinki, the practitioner, the specialty, the clinic with its address or the remote/video
 * note, the CMS reservation info of the kind, the practitioner and the specialty, and for the
 * private type the price 'from' with its breakdown when given.
 */
export function AppointmentSummary({ appointment, priceInfo }: { appointment: ReservationAppointment; priceInfo: ReservationPriceInfo | null }) {
  const intl = useIntl();
  const titleId = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `booking.reservation.summary.${id}` }, values);
  const { lang } = useShell();
  const address = appointment.clinic.address;
  const infos = [appointment.kind.reservationInfoHtml, appointment.practitioner.reservationInfoHtml, appointment.specialty.reservationInfoHtml].filter(
    (html): html is string => Boolean(html),
  );
  return (
    <section className="portal-vstack-m portal-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="portal-title-l portal-m0">
        {t('title')}
      </h2>
      <dl className={DETAILS_LIST_CLASS}>
        <div>
          <dt>{t('time')}</dt>
          <dd>
            {formatDateTime(appointment.startDate, lang)} {t('duration', { minutes: appointment.durationMinutes })}
          </dd>
        </div>
        <div>
          <dt>{t('practitioner')}</dt>
          <dd>{appointment.practitioner.title ? `${appointment.practitioner.name}, ${appointment.practitioner.title}` : appointment.practitioner.name}</dd>
        </div>
        <div>
          <dt>{t('specialty')}</dt>
          <dd>{appointment.kind.title ? `${appointment.specialty.title} (${appointment.kind.title})` : appointment.specialty.title}</dd>
        </div>
        <div>
          <dt>{t('place')}</dt>
          <dd>
            {appointment.isVideo ? t('video') : appointment.isRemote ? t('remote') : appointment.clinic.name}
            {!appointment.isRemote && !appointment.isVideo && address && (
              <>
                <br />
                {`${address.street}, ${address.postalCode} ${address.postOffice}`}
              </>
            )}
          </dd>
        </div>
        {priceInfo && (
          <div>
            <dt>{t('price')}</dt>
            <dd>
              {t('priceFrom', { price: formatMoney(Number(priceInfo.fromEuros), lang) })}
              <PriceLines lines={priceInfo.lines} lang={lang} className={styles.priceLines} label={t('priceBreakdown')} />
            </dd>
          </div>
        )}
      </dl>
      {infos.map((html, index) => (
        <ReservationInfo key={index} html={html} />
      ))}
    </section>
  );
}
