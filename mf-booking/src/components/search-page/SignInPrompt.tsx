import { useIntl } from 'react-intl';
import { LinkButton, useShell } from '@portal/shared-ui';
import styles from './SearchPageFrame.module.css';

/** The login page's address that comes back to `nextPath` after signing in (SPEC-DECISIONS "Paths": `?nextPath=`). */
export function loginHref(loginPath: string, nextPath: string): string {
  return `${loginPath}?${new URLSearchParams({ nextPath }).toString()}`;
}

/** A sign-in prompt: why, and the login link that returns to `nextPath` (a full page load: the login is the shell's). */
export function SignInPrompt({ text, nextPath }: { text: string; nextPath: string }) {
  const intl = useIntl();
  const shell = useShell();
  return (
    <div className={styles.prompt}>
      <p>{text}</p>
      <LinkButton href={loginHref(shell.href('login'), nextPath)}>{intl.formatMessage({ id: 'booking.occupational.signIn' })}</LinkButton>
    </div>
  );
}
