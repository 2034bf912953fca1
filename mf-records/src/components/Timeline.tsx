import type { ReactNode } from 'react';
import styles from './Timeline.module.css';

/** A list of timeline items (spec part 1 §2 "Timeline lists"). */
export function Timeline({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={styles.timeline} aria-label={label}>
      {children}
    </ul>
  );
}

/** One item: avatar, title, subtitle, date, and optional extra content (a status, a note). */
export function TimelineItem({
  avatar,
  title,
  subtitle,
  date,
  dateTime,
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
  children?: ReactNode;
  highlighted?: boolean;
}) {
  return (
    <li className={highlighted ? `${styles.item} ${styles.highlighted}` : styles.item}>
      {avatar}
      <div className={styles.body}>
        <p className={styles.title}>{title}</p>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </div>
      {date && (
        <time className={styles.date} dateTime={dateTime}>
          {date}
        </time>
      )}
    </li>
  );
}
