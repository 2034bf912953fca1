import { FormattedMessage } from 'react-intl';
import { useRuntime } from '../app/runtime';

const SECTIONS = ['scope', 'identification', 'data'] as const;

/** Terms of use (/{lang}/eula), per brand. */
export function TermsPage() {
  const { state } = useRuntime();
  return (
    <div className="shell-page">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.terms.title" />
      </h1>
      {SECTIONS.map((section) => (
        <p key={section}>
          <FormattedMessage id={`shell.terms.${state.brand}.${section}`} />
        </p>
      ))}
    </div>
  );
}
