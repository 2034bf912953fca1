import { FormattedMessage } from 'react-intl';
import { ShellLink } from '../app/ShellLink';
import { useRuntime } from '../app/runtime';

export function NotFoundPage() {
  const { state } = useRuntime();
  return (
    <div className="shell-page">
      <h1 tabIndex={-1}>
        <FormattedMessage id="common.notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="common.notFound.text" />
      </p>
      <ShellLink href={`/${state.lang}`}>
        <FormattedMessage id="common.notFound.frontPageLink" />
      </ShellLink>
    </div>
  );
}
