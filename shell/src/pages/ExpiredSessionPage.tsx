import { FormattedMessage } from 'react-intl';
import { buttonClassName } from '@portal/shared-ui';
import { ShellLink } from '../app/ShellLink';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { NEXT_PATH_PARAM, withQuery } from '../routing/route-access';
import { safeNextPath } from './LoginPage';

/** Session timed out (spec part 2 §2.2): `?next=` is where the user was. */
export function ExpiredSessionPage() {
  const { shell, state } = useRuntime();
  const location = useLocationSnapshot();
  const next = safeNextPath(new URLSearchParams(location.search).get('next'), state.lang);
  return (
    <div className="shell-page">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.expired.title" />
      </h1>
      <p>
        <FormattedMessage id="shell.expired.text" />
      </p>
      <ShellLink className={buttonClassName('primary', 'medium', false)} href={withQuery(shell.href('login'), { [NEXT_PATH_PARAM]: next })}>
        <FormattedMessage id="shell.expired.login" />
      </ShellLink>
    </div>
  );
}
