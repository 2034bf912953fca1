import { FormattedMessage } from 'react-intl';
import { identificationMethods, type Lang } from '@portal/shared-api';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { ACTING_GUARDIAN, ACTING_PARAM, NEXT_PATH_PARAM, withQuery } from '../routing/route-access';
import { Alert } from '@portal/shared-ui';

/** Only a same-site path may be the target after identification (no '//host' or absolute URLs). */
export function safeNextPath(value: string | null, lang: Lang): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : `/${lang}`;
}

export const IDENTIFICATION_FAILED = 'identification-failed';

/** Login (spec part 1 §2): one link per identification method to GET /oauth/authenticate. */
export function LoginPage() {
  const { state } = useRuntime();
  const location = useLocationSnapshot();
  const query = new URLSearchParams(location.search);
  const next = safeNextPath(query.get(NEXT_PATH_PARAM), state.lang);
  const guardian = query.get(ACTING_PARAM) === ACTING_GUARDIAN;
  return (
    <div className="shell-page shell-login">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.login.title" />
      </h1>
      {query.get('error') === IDENTIFICATION_FAILED ? (
        <Alert variant="error" title={<FormattedMessage id="shell.login.error.title" />}>
          <FormattedMessage id="shell.login.error.text" />
        </Alert>
      ) : null}
      <p>
        <FormattedMessage id={guardian ? 'shell.login.guardianIntro' : 'shell.login.intro'} />
      </p>
      <h2 id="identification-methods">
        <FormattedMessage id="shell.login.methods" />
      </h2>
      <ul className="shell-login__methods" aria-labelledby="identification-methods">
        {identificationMethods.map((method) => (
          <li key={method.id}>
            <a
              className="shell-login__method"
              href={withQuery('/oauth/authenticate', {
                lang: state.lang,
                next,
                acr_values: method.id,
                [ACTING_PARAM]: guardian ? ACTING_GUARDIAN : undefined,
              })}
            >
              {method.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
