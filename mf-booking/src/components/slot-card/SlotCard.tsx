import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { Slot } from '@portal/shared-api';
import { formatDateTime, formatMoney, LOCALES, TIME_ZONE, type Lang } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';
import { QueryLink } from '../search-link/QueryLink';
import { PractitionerAvatar } from './PractitionerAvatar';
import styles from './SlotCard.module.css';

const weekdayFormats = new Map<Lang, Intl.DateTimeFormat>();
function weekdayOf(startDate: string, lang: Lang): string {
  let format = weekdayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', timeZone: TIME_ZONE });
    weekdayFormats.set(lang, format);
  }
  const weekday = format.format(new Date(startDate));
  return weekday.charAt(0).toUpperCase() + weekday.slice(1);
}

/**
 * One free slot of the search (spec part 2 §3 "Appointment (slot lists)", §6 "Price estimates show
 * only for the private healthcare type"): the practitioner (picture or initials), name, title,
 * specialty, clinic, date and time in Europe/Helsinki, duration, a remote or video badge, and the
 * private type's 'from' price with its breakdown when the server sent one (price-details feature).
 * The date and time is the link to the reservation page; the whole card is its click area.
 */
export function SlotCard({ slot, href }: { slot: Slot; href: string }) {
  const intl = useIntl();
  const { lang, user } = useShell();
  const detailsId = useId();
  const { practitioner, price } = slot;
  const when = intl.formatMessage(
    { id: 'booking.slot.when' },
    // the date and time as every page and SMS writes them (shared-i18n formatDateTime)
    { weekday: weekdayOf(slot.startDate, lang), dateTime: formatDateTime(slot.startDate, lang) },
  );
  return (
    <article className={`${styles.card} portal-flex portal-items-start portal-gap-s portal-box portal-box--background`}>
      <PractitionerAvatar name={practitioner.name} pictureUrl={practitioner.profilePictureUrl} />
      <div className={`${styles.body} portal-grid-xxs`}>
        <h3 className="portal-title-m portal-m0">
          {/* an anonymous visitor's reservation keeps what they typed in the running page's memory,
              offered again if they come back for another time (WCAG 3.3.7): followed there, not loaded */}
          <QueryLink href={href} className={styles.link} aria-describedby={detailsId} followedInPage={user === null}>
            <time dateTime={slot.startDate}>{when}</time>
          </QueryLink>
        </h3>
        <div id={detailsId}>
          <p className={styles.practitioner}>
            <span className="portal-bold">{practitioner.name}</span>
            {practitioner.title && <span className="portal-muted portal-block">{practitioner.title}</span>}
          </p>
          <p className={`${styles.meta} portal-row portal-muted`}>
            <span>{slot.specialty.title}</span>
            <span>{slot.clinic.name}</span>
            <span>{intl.formatMessage({ id: 'booking.slot.duration' }, { minutes: slot.durationMinutes })}</span>
          </p>
          {(slot.isVideo || slot.isRemote) && (
            <p className={styles.badge}>{intl.formatMessage({ id: slot.isVideo ? 'booking.slot.video' : 'booking.slot.remote' })}</p>
          )}
        </div>
        {price && (
          <div className={styles.price}>
            <p className={`${styles.priceFrom} portal-bold`}>{intl.formatMessage({ id: 'booking.slot.priceFrom' }, { price: formatMoney(Number(price.fromEuros), lang) })}</p>
            {price.lines && price.lines.length > 0 && (
              <ul className="portal-plain-list portal-muted portal-small" aria-label={intl.formatMessage({ id: 'booking.slot.priceDetails' })}>
                {price.lines.map((line) => (
                  <li key={line.code}>
                    <span>{line.description}</span> <span>{formatMoney(Number(line.priceEuros), lang)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
