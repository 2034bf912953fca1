import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { daysBetween, formatDate, helsinkiToday, validityLabel, type RouteId } from '@portal/shared-i18n';
import { ShellLink, useShell } from '@portal/shared-ui';
import styles from './Timeline.module.css';

/** A list of timeline items (spec part 1 §2 "Timeline lists"); `label` names the list. */
export function Timeline({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="portal-plain-list" aria-label={label}>
      {children}
    </ul>
  );
}

/** Where an item leads: a portal page by route id (the title becomes the link). */
export interface TimelineLink {
  routeId: RouteId;
  params?: Record<string, string>;
}

/**
 * One item (spec part 1 §2 "Timeline lists": avatar, title, subtitle, date, validUntilDate, linkUrl,
 * highlighted): the avatar (a picture or initials, see Avatar), the title (a link when `link` is
 * given), a subtitle, optional extra content (a status, a note), the date at the side and the
 * validity: 'valid until' with the date (and 'expires in …' within 30 days), or 'not valid' once
 * passed. A highlighted item stands out by colour; say in words why (e.g. in the subtitle).
 */
export function TimelineItem({
  avatar,
  title,
  subtitle,
  date,
  dateTime,
  validUntil,
  link,
  children,
  highlighted = false,
}: {
  avatar?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** formatted date */
  date?: string;
  /** machine-readable date for <time> */
  dateTime?: string;
  /** yyyy-MM-dd: the last day the item is valid */
  validUntil?: string | null;
  link?: TimelineLink;
  children?: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <li className={`${styles.item} portal-flex portal-items-start portal-gap-s${highlighted ? ` ${styles.highlighted}` : ''}`}>
      {avatar}
      <div className={`${styles.body} portal-wrap-anywhere portal-min-w0`}>
        <p className="portal-bold portal-m0">
          {link ? (
            <ShellLink routeId={link.routeId} params={link.params} className="portal-text-link portal-focus-outline">
              {title}
            </ShellLink>
          ) : (
            title
          )}
        </p>
        {subtitle && <p className="portal-muted portal-mt-xxs">{subtitle}</p>}
        {validUntil && <Validity validUntil={validUntil} />}
        {children}
      </div>
      {date && (
        <time className={`${styles.date} portal-muted portal-small`} dateTime={dateTime}>
          {date}
        </time>
      )}
    </li>
  );
}

/** 'Valid until 5.6.2026 · Expires in 3 days', or 'Not valid' once the day has passed (spec part 1 §2, §9). */
export function Validity({ validUntil, today = helsinkiToday() }: { validUntil: string; today?: string }) {
  const intl = useIntl();
  const { lang } = useShell();
  if (daysBetween(today, validUntil) < 0) {
    return <p className="portal-small portal-mt-xxs portal-error-text">{intl.formatMessage({ id: 'records.timeline.notValid' })}</p>;
  }
  const label = validityLabel(validUntil, today);
  return (
    <p className="portal-small portal-mt-xxs">
      {intl.formatMessage({ id: 'records.timeline.validUntil' }, { date: formatDate(validUntil, lang) })}
      {label && (
        <>
          <span aria-hidden="true"> · </span>
          <span className="portal-bold">{intl.formatMessage({ id: label.messageId }, label.values)}</span>
        </>
      )}
    </p>
  );
}
