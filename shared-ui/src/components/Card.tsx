import { useId, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Heading, type HeadingLevel } from './Heading';
import { isPlainLeftClick } from './LinkButton';
import './Card.css';

export interface CardProps {
  heading?: ReactNode;
  headingLevel?: HeadingLevel;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A bordered section; with a heading it is a named region for screen readers. */
export function Card({ heading, headingLevel = 2, footer, children, className }: CardProps) {
  const headingId = useId();
  return (
    <section className={`portal-card ${className ?? ''}`.trim()} aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <Heading level={headingLevel} className="portal-card__heading" id={headingId}>
          {heading}
        </Heading>
      )}
      {children}
      {footer && <div className="portal-card__footer">{footer}</div>}
    </section>
  );
}

export interface SummaryCardProps {
  heading: ReactNode;
  headingLevel?: HeadingLevel;
  /** one entry per list item, newest first; keys are the item ids */
  items: ReadonlyArray<{ key: string; content: ReactNode }>;
  /** shown instead of the list when there are no items */
  emptyText: ReactNode;
  /** the 'show all' link to the full page */
  showAllHref?: string;
  /** default 'Show all'; give a specific one when several cards share a page ('Show all laboratory results') */
  showAllLabel?: ReactNode;
  /** client-side navigation for the link */
  onNavigate?: (href: string) => void;
  /** content between the heading and the list (e.g. a renewal notice) */
  children?: ReactNode;
  className?: string;
}

/** A front-page summary: heading, a short list (or an empty text) and a 'show all' link. */
export function SummaryCard({ heading, headingLevel = 2, items, emptyText, showAllHref, showAllLabel, onNavigate, children, className }: SummaryCardProps) {
  const intl = useIntl();
  const followLink = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || !showAllHref || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onNavigate(showAllHref);
  };
  const footer = showAllHref ? (
    <a className="portal-link" href={showAllHref} onClick={followLink}>
      {showAllLabel ?? intl.formatMessage({ id: 'common.showAll' })}
    </a>
  ) : undefined;
  return (
    <Card heading={heading} headingLevel={headingLevel} footer={footer} className={`portal-summary-card ${className ?? ''}`.trim()}>
      {children}
      {items.length === 0 ? (
        <p className="portal-summary-card__empty">{emptyText}</p>
      ) : (
        <ul className="portal-summary-card__list">
          {items.map((item) => (
            <li key={item.key} className="portal-summary-card__item">
              {item.content}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
