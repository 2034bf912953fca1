import type { CustomerMessagingInfo } from '@portal/shared-api';
import { Alert, Heading, VisuallyHidden, type AlertVariant, type HeadingLevel } from '@portal/shared-ui';
import { useIntl } from 'react-intl';
import styles from './Announcement.module.css';

type AnnouncementType = CustomerMessagingInfo['announcementType'];

const variantByType: Readonly<Record<AnnouncementType, AlertVariant>> = {
  info: 'info',
  notification: 'info',
  warning: 'warning',
  success: 'success',
};

/** A shape beside the text, so the kind of announcement is not told by colour alone. */
const iconByType: Readonly<Record<AnnouncementType, string>> = {
  info: 'i',
  notification: '!',
  warning: '⚠',
  success: '✓',
};

export interface AnnouncementProps {
  /** the page state's `info` (spec part 1 §3 Customer messaging info), already in the page's language */
  info: CustomerMessagingInfo;
  /** default 2 (the page's h1 comes first) */
  headingLevel?: HeadingLevel;
}

/**
 * The optional messaging announcement (spec part 1 §2): heading and description, styled by its
 * announcementType. Renders nothing unless `info.active`. A warning is announced at once
 * (role=alert); info, notification and success wait their turn (role=status). The type is also
 * said in words to screen readers and shown with an icon.
 */
export function Announcement({ info, headingLevel = 2 }: AnnouncementProps) {
  const intl = useIntl();
  if (!info.active) return null;
  const type = info.announcementType;
  return (
    <Alert variant={variantByType[type]} className={`portal-mb-m ${styles[type] ?? ''}`.trim()}>
      <div className="portal-flex portal-items-start portal-gap-s">
        <span className={`${styles.icon} portal-items-center portal-small portal-bold`} aria-hidden="true">
          {iconByType[type]}
        </span>
        <div className="portal-wrap-anywhere portal-min-w0">
          <Heading level={headingLevel} className="portal-m0 portal-title-m">
            <VisuallyHidden>{`${intl.formatMessage({ id: `messaging.common.announcement.${type}` })}: `}</VisuallyHidden>
            {info.heading}
          </Heading>
          {info.description && <p className={styles.description}>{info.description}</p>}
        </div>
      </div>
    </Alert>
  );
}
