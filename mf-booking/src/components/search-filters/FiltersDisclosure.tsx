import { createContext, useContext, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { MOBILE_CALENDAR_BREAKPOINT_PX, type SearchFilter } from '@portal/shared-api';
import type { IsoDate } from '@portal/shared-i18n';
import { Button, useMediaQuery } from '@portal/shared-ui';
import styles from './FiltersDisclosure.module.css';

/** Below this width the filters stack above the results (the list page's one-column layout, §9's 800 px). */
export const NARROW_SEARCH_MEDIA = `(max-width: ${MOBILE_CALENDAR_BREAKPOINT_PX - 1}px)`;

/**
 * True where the page is rendered without a screen to ask (the server's copy, prerender.tsx): the
 * disclosure is then rendered whole and the style sheet folds it by the screen's width.
 */
export const ViewportUnknownContext = createContext(false);

/**
 * How many filters the visitor has chosen: each clinic, specialty and practitioner, remote
 * appointments, and a start date after today (today is where every search starts anyway).
 */
export function chosenFilterCount(filter: SearchFilter, today: IsoDate): number {
  return (
    filter.clinicIds.length +
    filter.specialtyIds.length +
    filter.practitionerIds.length +
    (filter.includeRemote ? 1 : 0) +
    (filter.startDate > today ? 1 : 0)
  );
}

/**
 * The filters and the calendar of the search (spec part 2 §2.1). On a wide screen they sit beside
 * the results as they are. On a phone they would fill the first screen, so they fold behind a
 * disclosure button (WAI-ARIA disclosure pattern) that says how many filters are chosen; the first
 * results then show without scrolling. Escape inside the open panel, or its "show appointments"
 * button, folds it again; the latter hands the focus to the results (`onShowResults`).
 */
export function FiltersDisclosure({
  chosen,
  onShowResults,
  className,
  children,
}: {
  chosen: number;
  onShowResults(): void;
  className?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const viewportUnknown = useContext(ViewportUnknownContext);
  const narrow = useMediaQuery(NARROW_SEARCH_MEDIA);
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  if (!narrow && !viewportUnknown) return <div className={className}>{children}</div>;

  const collapse = () => {
    setExpanded(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    collapse();
  };

  return (
    // The server's copy (viewport unknown) leaves the folding to the style sheet: on a wide screen
    // the panel stands as the plain column above and the buttons are not shown, on a phone the panel
    // is folded; the remote's copy replaces it with the one for the screen it has.
    <div className={`${styles.disclosure} portal-min-w0 portal-grid-s`} data-viewport={viewportUnknown ? 'unknown' : undefined}>
      <button
        ref={toggleRef}
        type="button"
        className={`${styles.toggle} portal-frame portal-flex portal-justify-between portal-gap-s portal-items-center portal-box--background`}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((open) => !open)}
      >
        <span>{intl.formatMessage({ id: 'booking.search.filters.toggle' }, { count: chosen })}</span>
        <span className={expanded ? `${styles.chevron} ${styles.open}` : styles.chevron} aria-hidden="true" />
      </button>
      <div id={panelId} className={`${className ?? ''} ${styles.panel}`} hidden={viewportUnknown ? undefined : !expanded} onKeyDown={onKeyDown}>
        {children}
        <Button
          className={styles.showResults}
          fullWidth
          onClick={() => {
            // folded first, so the results are where they will stay when the focus moves to them
            flushSync(() => setExpanded(false));
            onShowResults();
          }}
        >
          {intl.formatMessage({ id: 'booking.search.filters.showResults' })}
        </Button>
      </div>
    </div>
  );
}
