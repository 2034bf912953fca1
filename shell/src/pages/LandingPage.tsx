import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACTING_GUARDIAN, Alert, signInHref } from '@portal/shared-ui';
import { ShellLink } from '../app/ShellLink';
import { useLocationSnapshot, useRuntime } from '../app/runtime';

/** Landing error toast duration (spec part 1 §9). */
export const LANDING_ERROR_TOAST_MS = 20_000;

/** The toast `?error=` asks for on the landing (the message ids), or null. */
export function landingErrorToast(error: string | null): { text: string; detail?: string } | null {
  if (error === 'disallowed') return { text: 'shell.landing.error.disallowed', detail: 'shell.landing.error.disallowedDetail' };
  if (error === 'unknown') return { text: 'shell.landing.error.unknown' };
  return null;
}

/**
 * Children's-brand landing (spec part 1 §2, §4): act for yourself (12 and older) or as a guardian for
 * a child of 11 or younger. `?error=disallowed|unknown` comes back from a failed mandate check.
 */
export function LandingPage() {
  const intl = useIntl();
  const { shell, state } = useRuntime();
  const location = useLocationSnapshot();
  const error = new URLSearchParams(location.search).get('error');
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const toast = landingErrorToast(error);
    if (!toast || shownFor.current === error) return;
    shownFor.current = error;
    shell.toasts.show({
      kind: 'error',
      text: intl.formatMessage({ id: toast.text }),
      ...(toast.detail ? { detail: intl.formatMessage({ id: toast.detail }) } : {}),
      durationMs: LANDING_ERROR_TOAST_MS,
    });
  }, [error, intl, shell.toasts]);

  const front = `/${state.lang}`;
  return (
    <div className="shell-page shell-landing">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.landing.title" />
      </h1>
      {/* Without JavaScript the toast never shows: the server's HTML has the same notice in the page. */}
      <noscript>
        <LandingError error={error} />
      </noscript>
      <ul className="shell-landing__choices">
        <li>
          <ShellLink className="shell-choice" href={signInHref(shell, { next: front })}>
            <span className="shell-choice__title">
              <FormattedMessage id="shell.landing.own.title" />
            </span>
            <span className="shell-choice__text">
              <FormattedMessage id="shell.landing.own.text" />
            </span>
          </ShellLink>
        </li>
        <li>
          <ShellLink className="shell-choice" href={signInHref(shell, { next: front, acting: ACTING_GUARDIAN })}>
            <span className="shell-choice__title">
              <FormattedMessage id="shell.landing.child.title" />
            </span>
            <span className="shell-choice__text">
              <FormattedMessage id="shell.landing.child.text" />
            </span>
          </ShellLink>
        </li>
      </ul>
    </div>
  );
}

/**
 * The failed mandate check's notice as the pre-rendered page shows it with JavaScript off (issue 15):
 * the toast's texts (spec part 1 §9) in an alert under the heading. Nothing for a missing or unknown
 * `error` value.
 */
function LandingError({ error }: { error: string | null }) {
  if (error === 'disallowed') {
    return (
      <Alert variant="error" title={<FormattedMessage id="shell.landing.error.disallowed" />}>
        <FormattedMessage id="shell.landing.error.disallowedDetail" />
      </Alert>
    );
  }
  if (error === 'unknown') return <Alert variant="error" title={<FormattedMessage id="shell.landing.error.unknown" />} />;
  return null;
}
