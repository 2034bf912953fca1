import { useCallback, useEffect, useRef, useState } from 'react';
import {
  APPOINTMENT_SEARCH_PATH,
  appointmentSearchResponseSchema,
  BOOKING_PAGE_SIZE,
  searchFilterToApiQuery,
  type HealthcareType,
  type SearchFilter,
  type SearchSuggestions,
  type Slot,
} from '@portal/shared-api';
import { useShell } from '@portal/shared-ui';

export type SearchStatus = 'loading' | 'loaded' | 'error';

export interface SlotSearch {
  status: SearchStatus;
  slots: readonly Slot[];
  /** 20 came in the last page: "show more" is offered */
  hasMore: boolean;
  /** the no-results suggestions (other days, other clinics); null when there are results */
  suggestions: SearchSuggestions | null;
  /** a "show more" page is on its way */
  loadingMore: boolean;
  /** the "show more" page failed (the loaded slots stay) */
  moreFailed: boolean;
  showMore(): void;
  retry(): void;
}

export interface InitialResults {
  slots: readonly Slot[];
  hasMore: boolean;
  suggestions: SearchSuggestions | null;
}

/** What one search (a filter, one attempt) answered; a result of another key is a superseded one. */
interface Result {
  key: string;
  status: 'loaded' | 'error';
  slots: readonly Slot[];
  hasMore: boolean;
  suggestions: SearchSuggestions | null;
}

/**
 * The appointment search (spec part 2 §4 "Appointment search", §7 GET /api/appointments, §9 page
 * size 20): a new filter (the time tab included) resets the results and the offset; "show more" asks
 * for the next 20 at offset = what is shown. A superseded request is aborted, and so is every request
 * when the page is left. The server's first page answers the first render when it was for this filter.
 */
export function useSlotSearch({
  filter,
  filterKey,
  healthcareType,
  initial,
}: {
  /** the filter as sent (the vaccination page's restriction applied) */
  filter: SearchFilter;
  /** changes exactly when the search changes */
  filterKey: string;
  healthcareType: HealthcareType;
  /** the server's first page, when it was for this filter */
  initial: InitialResults | null;
}): SlotSearch {
  const { api, lang, errors, analytics } = useShell();
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${filterKey}`;
  const [result, setResult] = useState<Result | null>(() => (initial ? { key, status: 'loaded', ...initial } : null));
  const [more, setMore] = useState<{ key: string; state: 'loading' | 'failed' } | null>(null);
  const pending = useRef<AbortController | null>(null);

  const request = useCallback(
    (offset: number) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      const searchParams = searchFilterToApiQuery(filter, { healthcareType, lang, offset });
      return { controller, call: api.get(APPOINTMENT_SEARCH_PATH, appointmentSearchResponseSchema, { searchParams, signal: controller.signal }) };
    },
    [api, filter, healthcareType, lang],
  );

  const answered = result?.key === key;
  useEffect(() => {
    if (answered) return undefined;
    const { controller, call } = request(0);
    // spec part 2 §7 analytics 'search'; docs/product-decisions.md, "Analytics carry no personal data": ids and the healthcare type only, nothing personal
    analytics.push('search', {
      healthcareType,
      startDate: filter.startDate,
      timeOfDay: filter.timeOfDay,
      includeRemote: filter.includeRemote,
      clinicIds: filter.clinicIds.join(','),
      specialtyIds: filter.specialtyIds.join(','),
      practitionerIds: filter.practitionerIds.join(','),
    });
    call
      .then((answer) => {
        if (controller.signal.aborted) return;
        const { appointments, hasMore } = answer.availableAppointments;
        setResult({ key, status: 'loaded', slots: appointments, hasMore, suggestions: appointments.length === 0 ? (answer.suggestions ?? null) : null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        errors.report(error, 'booking-search');
        setResult({ key, status: 'error', slots: [], hasMore: false, suggestions: null });
      });
    return () => controller.abort();
    // one request per search: `request` follows the filter, whose key is `key`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const current = answered ? result : null;
  const slots = current?.slots ?? [];
  const loadingMore = more?.key === key && more.state === 'loading';

  const showMore = useCallback(() => {
    if (loadingMore || !current) return;
    // the offset grows by 20: what is shown is always whole pages
    const offset = Math.ceil(current.slots.length / BOOKING_PAGE_SIZE) * BOOKING_PAGE_SIZE;
    const { controller, call } = request(offset);
    setMore({ key, state: 'loading' });
    call
      .then((answer) => {
        if (controller.signal.aborted) return;
        setResult((shown) =>
          shown && shown.key === key
            ? { ...shown, slots: [...shown.slots, ...answer.availableAppointments.appointments], hasMore: answer.availableAppointments.hasMore }
            : shown,
        );
        setMore(null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        errors.report(error, 'booking-search-more');
        setMore({ key, state: 'failed' });
      });
  }, [current, errors, key, loadingMore, request]);

  useEffect(() => () => pending.current?.abort(), []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    status: current ? current.status : 'loading',
    slots,
    hasMore: current?.hasMore ?? false,
    suggestions: current?.suggestions ?? null,
    loadingMore,
    moreFailed: more?.key === key && more.state === 'failed',
    showMore,
    retry,
  };
}
