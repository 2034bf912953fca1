import { useIntl } from 'react-intl';
import { useShell } from '@portal/shared-ui';

/** The link to the nearest laboratory or imaging centre of the current brand (shell config, spec part 1 §2). */
export function NearestLink({ kind }: { kind: 'laboratory' | 'imaging' }) {
  const intl = useIntl();
  const { config } = useShell();
  const href = kind === 'laboratory' ? config.nearestLaboratoryUrl : config.nearestImagingUrl;
  return (
    <p className="portal-mt-m">
      <a className="portal-text-link portal-wrap-anywhere" href={href}>
        {intl.formatMessage({ id: kind === 'laboratory' ? 'records.laboratory.nearest' : 'records.imaging.nearest' })}
      </a>
    </p>
  );
}
