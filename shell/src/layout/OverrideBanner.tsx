import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/shared-ui';
import { useRuntime } from '../app/runtime';

/** Always visible while a remote override is active, with the way back (docs/feature-teams.md, "Developing against the composed portal"). */
export function OverrideBanner() {
  const { overrides, resetOverrides } = useRuntime();
  const ids = Object.keys(overrides);
  if (ids.length === 0) return null;
  return (
    <div className="shell-override-banner" role="region" aria-labelledby="shell-override-banner-text">
      <p id="shell-override-banner-text">
        <FormattedMessage id="shell.overrides.banner" values={{ remotes: ids.join(', ') }} />
      </p>
      <Button variant="secondary" size="small" onClick={resetOverrides}>
        <FormattedMessage id="shell.overrides.reset" />
      </Button>
    </div>
  );
}
