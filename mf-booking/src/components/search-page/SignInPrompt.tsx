import { useIntl } from 'react-intl';
import { LinkButton, useSignInHref } from '@portal/shared-ui';
import styles from './SearchPageFrame.module.css';

/**
 * A sign-in prompt: why, and the login link (a full page load: the login is the shell's) that returns
 * to `next` (a full path with its language), or to this page when there is none.
 */
export function SignInPrompt({ text, next }: { text: string; next?: string }) {
  const intl = useIntl();
  const href = useSignInHref(next === undefined ? {} : { next });
  return (
    <div className={`${styles.prompt} portal-grid-m`}>
      <p>{text}</p>
      <LinkButton href={href}>{intl.formatMessage({ id: 'booking.occupational.signIn' })}</LinkButton>
    </div>
  );
}
