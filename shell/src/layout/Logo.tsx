import type { Brand } from '@portal/shared-api';

/** Brand mark; decorative (the brand title next to it names the link). Colours come from the theme. */
export function Logo({ brand }: { brand: Brand }) {
  return brand === 'children' ? (
    <svg className="shell-logo" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" fill="var(--portal-color-primary)" />
      <circle cx="14" cy="16" r="3" fill="#fff" />
      <circle cx="26" cy="16" r="3" fill="#fff" />
      <path d="M12 25c4 5 12 5 16 0" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  ) : (
    <svg className="shell-logo" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="38" height="38" rx="8" fill="var(--portal-color-primary)" />
      <path d="M17 9h6v8h8v6h-8v8h-6v-8H9v-6h8z" fill="#fff" />
    </svg>
  );
}
