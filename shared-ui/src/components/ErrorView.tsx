import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';
import { Heading, type HeadingLevel } from './Heading';
import './ErrorView.css';

export interface ErrorViewProps {
  /** default 'Apologies! Something went wrong...' (spec part 2 §8 Generic) */
  title?: ReactNode;
  /** default: the page could not be loaded, please try again */
  text?: ReactNode;
  /** shows a try-again button when given */
  onRetry?: () => void;
  retryLabel?: string;
  /** true while the retry runs */
  retrying?: boolean;
  headingLevel?: HeadingLevel;
  /** extra content (e.g. a link to the front page) */
  children?: ReactNode;
}

/** The generic error view of a page or a remote that failed to load, with a retry. */
export function ErrorView({ title, text, onRetry, retryLabel, retrying = false, headingLevel = 2, children }: ErrorViewProps) {
  const intl = useIntl();
  return (
    <section className="portal-error-view">
      <Heading level={headingLevel} className="portal-error-view__title">
        {title ?? intl.formatMessage({ id: 'common.error.title' })}
      </Heading>
      <p className="portal-error-view__text">{text ?? intl.formatMessage({ id: 'common.error.text' })}</p>
      {children}
      {onRetry && (
        <Button onClick={onRetry} loading={retrying}>
          {retryLabel ?? intl.formatMessage({ id: 'common.error.tryAgain' })}
        </Button>
      )}
    </section>
  );
}
