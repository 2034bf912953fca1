import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Heading, type HeadingLevel } from './Heading';
import './ErrorView.css';

export interface EmptyStateProps {
  /** omitted: no heading (a small empty list inside a card) */
  title?: ReactNode;
  /** default 'There is nothing here yet.' */
  text?: ReactNode;
  headingLevel?: HeadingLevel;
  /** actions, e.g. a LinkButton to book an appointment */
  children?: ReactNode;
}

export function EmptyState({ title, text, headingLevel = 2, children }: EmptyStateProps) {
  const intl = useIntl();
  return (
    <div className="portal-empty-state">
      {title && (
        <Heading level={headingLevel} className="portal-empty-state__title">
          {title}
        </Heading>
      )}
      <p className="portal-empty-state__text">{text ?? intl.formatMessage({ id: 'common.empty.text' })}</p>
      {children}
    </div>
  );
}
