import { useIntl } from 'react-intl';
import styles from './LabStatus.module.css';

/** Ready (green) or pending (blue), always with the text so colour is never the only signal. */
export function LabStatus({ isReady }: { isReady: boolean }) {
  const intl = useIntl();
  return (
    <span className={`${styles.status} portal-badge portal-bold ${isReady ? 'portal-badge--success' : 'portal-badge--info'}`}>
      {intl.formatMessage({ id: isReady ? 'records.laboratory.status.ready' : 'records.laboratory.status.pending' })}
    </span>
  );
}
