import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/shared-ui';
import { ShellLink } from '../app/ShellLink';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { ACTING_GUARDIAN, ACTING_PARAM, NEXT_PATH_PARAM, withQuery } from '../routing/route-access';

/**
 * Children's-brand landing (spec part 1 §2, §4): act for yourself (12 and older) or as a guardian for
 * a child of 11 or younger. `?error=disallowed|unknown` comes back from a failed mandate check.
 */
export function LandingPage() {
  const { shell, state } = useRuntime();
  const location = useLocationSnapshot();
  const error = new URLSearchParams(location.search).get('error');
  const login = shell.href('login');
  const front = `/${state.lang}`;
  return (
    <div className="shell-page shell-landing">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.landing.title" />
      </h1>
      <LandingError error={error} />
      <ul className="shell-landing__choices">
        <li>
          <ShellLink className="shell-choice" href={withQuery(login, { [NEXT_PATH_PARAM]: front })}>
            <span className="shell-choice__title">
              <FormattedMessage id="shell.landing.own.title" />
            </span>
            <span className="shell-choice__text">
              <FormattedMessage id="shell.landing.own.text" />
            </span>
          </ShellLink>
        </li>
        <li>
          <ShellLink className="shell-choice" href={withQuery(login, { [NEXT_PATH_PARAM]: front, [ACTING_PARAM]: ACTING_GUARDIAN })}>
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
 * The failed mandate check's notice (spec part 1 §9), in the page rather than as a toast (issue 15):
 * the server's pre-rendered HTML carries it, so it shows with JavaScript off too, and it stays until
 * the visitor chooses again. Nothing for a missing or unknown `error` value.
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
