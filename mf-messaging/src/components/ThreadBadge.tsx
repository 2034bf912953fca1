import { useIntl } from 'react-intl';
import styles from './ThreadBadge.module.css';

export type ThreadBadgeKind = 'unread' | 'closed';

/**
 * A thread's state in words ('Unread', 'Closed'), so it is seen and heard, not told by colour alone.
 * Inside a link it becomes part of the link's name.
 */
export function ThreadBadge({ kind }: { kind: ThreadBadgeKind }) {
  const intl = useIntl();
  return <span className={`${styles.badge} ${styles[kind] ?? ''}`.trim()}>{intl.formatMessage({ id: `messaging.common.${kind}` })}</span>;
}
