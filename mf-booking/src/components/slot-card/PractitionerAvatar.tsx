import styles from './SlotCard.module.css';

/** The first letters of the first and last word of a name ('Anna-Liisa Virtanen' → 'AV'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * The practitioner's picture, or their initials when there is none. Decorative: the name is written
 * next to it, so a screen reader does not hear it twice.
 */
export function PractitionerAvatar({ name, pictureUrl }: { name: string; pictureUrl: string | null }) {
  if (pictureUrl) return <img className={styles.avatar} src={pictureUrl} alt="" width={56} height={56} loading="lazy" />;
  return (
    <span className={`${styles.avatar} ${styles.initials} portal-items-center portal-title-l portal-bold`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
