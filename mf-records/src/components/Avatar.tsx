import styles from './Avatar.module.css';

/** 'Anna Lääkäri' → 'AL'; one letter for one word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** A person's picture, or their initials when there is none (spec part 1 §2 "Timeline lists"). Decorative: the name is in the text beside it. */
export function Avatar({ name, pictureUrl }: { name: string; pictureUrl?: string | null }) {
  if (pictureUrl) return <img className={styles.avatar} src={pictureUrl} alt="" />;
  return (
    <span className={styles.avatar} aria-hidden="true" data-testid="avatar-initials">
      {initialsOf(name)}
    </span>
  );
}
