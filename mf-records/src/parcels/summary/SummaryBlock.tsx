import type { RouteId } from '@portal/shared-i18n';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ShellLink } from '@portal/shared-ui';
import styles from './Summary.module.css';

export const SUMMARY_MAX_ITEMS = 3;

/** One front-page block: heading, up to three items or the block's empty text, a show-all link and extra links. */
export function SummaryBlock<T>({
  titleId,
  emptyId,
  showAllId,
  routeId,
  items,
  renderItem,
  extraLinks,
}: {
  titleId: string;
  emptyId?: string;
  showAllId: string;
  routeId: RouteId;
  items: readonly T[];
  renderItem(item: T): ReactNode;
  extraLinks?: ReactNode;
}) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section className="portal-box portal-box--background" aria-labelledby={headingId}>
      <h2 id={headingId} className="portal-mb-s portal-title-l">
        {intl.formatMessage({ id: titleId })}
      </h2>
      {items.length === 0 ? (
        emptyId && <p className="portal-muted portal-m0">{intl.formatMessage({ id: emptyId })}</p>
      ) : (
        <ul className="portal-plain-list">{items.slice(0, SUMMARY_MAX_ITEMS).map(renderItem)}</ul>
      )}
      <div className={`${styles.links} portal-row portal-gap-m`}>
        {extraLinks}
        <ShellLink routeId={routeId} className={styles.showAll}>
          {intl.formatMessage({ id: showAllId })}
        </ShellLink>
      </div>
    </section>
  );
}

/**
 * An item of a block: a main line (a link to the item's page, or with `hash` to the item's place on
 * a list page) and the details under it.
 */
export function SummaryItem({
  title,
  link,
  details,
  aside,
}: {
  title: ReactNode;
  link: { routeId: RouteId; params?: Record<string, string>; hash?: string };
  details?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <li className={`${styles.item} portal-flex portal-justify-between portal-gap-s`}>
      <div>
        <p className="portal-bold portal-m0">
          <ShellLink routeId={link.routeId} params={link.params} hash={link.hash} className={styles.itemLink}>
            {title}
          </ShellLink>
        </p>
        {details && <p className="portal-mt-xxs portal-muted portal-small">{details}</p>}
      </div>
      {aside}
    </li>
  );
}
