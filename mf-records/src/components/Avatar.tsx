import { useState } from 'react';
import styles from './Avatar.module.css';

/** 'Anna Lääkäri' → 'AL'; one letter for one word; '' for no name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/**
 * A person's picture, or their initials when there is none or it fails to load (spec part 1 §2
 * "Timeline lists"); a neutral figure when there is no name either. Decorative: the name is in the
 * text beside it.
 */
export function Avatar({ name, pictureUrl }: { name: string | null; pictureUrl?: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (pictureUrl && pictureUrl !== failedUrl) {
    return <img className={`${styles.avatar} portal-items-center portal-small portal-bold`} src={pictureUrl} alt="" onError={() => setFailedUrl(pictureUrl)} />;
  }
  const initials = initialsOf(name ?? '');
  if (!initials) {
    return (
      <span className={`${styles.avatar} portal-items-center portal-small portal-bold ${styles.placeholder}`} aria-hidden="true" data-testid="avatar-placeholder">
        <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
        </svg>
      </span>
    );
  }
  return (
    <span className={`${styles.avatar} portal-items-center portal-small portal-bold`} aria-hidden="true" data-testid="avatar-initials">
      {initials}
    </span>
  );
}
