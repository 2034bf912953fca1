import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import {
  PRACTITIONER_CLINICS_PATH,
  practitionerClinicsResponseSchema,
  timesOfDay,
  type HealthcareType,
  type SearchFilter,
  type SearchListState,
  type TimeOfDay,
} from '@portal/shared-api';
import type { RouteId } from '@portal/shared-i18n';
import { Button, ErrorView, Spinner, Tabs, useShell } from '@portal/shared-ui';
import { AvailableDatesCalendar, monthOf } from '../../components/search-calendar/AvailableDatesCalendar';
import { chosenFilterCount, FiltersDisclosure } from '../../components/search-filters/FiltersDisclosure';
import { SearchFilters, type FilterHandlers } from '../../components/search-filters/SearchFilters';
import { withQueryString } from '../../components/search-link/QueryLink';
import { SlotCard } from '../../components/slot-card/SlotCard';
import { SpecialtyInfo } from '../../components/search-specialty-info/SpecialtyInfo';
import { SearchSuggestionsView } from '../../components/search-suggestions/SearchSuggestionsView';
import { sameFilter, withClinics, withIncludeRemote, withMunicipality, withPractitioners, withSpecialties, withStartDate, withTimeOfDay } from './filter-rules';
import { calendarRange, useAvailableDates } from './useAvailableDates';
import { useFilterInAddress } from './useFilterInAddress';
import { useSlotSearch } from './useSlotSearch';
import styles from './AppointmentListPage.module.css';

/** Where a slot card leads (spec part 2 §2.1): the signed-in or the anonymous reservation page of the type. */
export function reservationRouteOf(healthcareType: HealthcareType, signedIn: boolean): RouteId {
  const routes: Record<HealthcareType, [RouteId, RouteId]> = {
    private: ['booking.reservation', 'booking.anonymous-reservation'],
    insurance: ['booking.reservation-insurance', 'booking.anonymous-reservation-insurance'],
    occupational: ['booking.reservation-occupational', 'booking.anonymous-reservation-occupational'],
  };
  return routes[healthcareType][signedIn ? 0 : 1];
}

const timeMessageIds: Record<TimeOfDay, string> = {
  all: 'booking.search.time.all',
  morning: 'booking.search.time.morning',
  afternoon: 'booking.search.time.afternoon',
  evening: 'booking.search.time.evening',
};

/**
 * The search UI of every list (spec part 2 §2.1, §4 "Appointment search", §5): filters, the calendar
 * of available dates, the time-of-day tabs and the results 20 at a time; no results show the
 * suggestions, a failure the §8 text with Retry. The filter is the address's.
 */
export function SearchView({ state, historyMode }: { state: SearchListState; historyMode: 'push' | 'replace' }) {
  const intl = useIntl();
  const shell = useShell();
  const location = useLocation();
  const resultsTitleId = useId();
  const { today, healthcareType } = state;
  // booking.vaccination: an open specialty choice still searches only the vaccination specialties
  const restricted = state.restrictedToSpecialtyIds;
  const offeredSpecialtyIds = useMemo(
    () => state.options.specialties.map((specialty) => specialty.id).filter((id) => !restricted || restricted.includes(id)),
    [restricted, state.options.specialties],
  );
  const { filter, filterKey, setFilter } = useFilterInAddress(today, historyMode, offeredSpecialtyIds);

  const sentFilter: SearchFilter = useMemo(
    () => (restricted && filter.specialtyIds.length === 0 ? { ...filter, specialtyIds: restricted } : filter),
    [filter, restricted],
  );
  const options = useMemo(
    () => (restricted ? { ...state.options, specialties: state.options.specialties.filter((s) => restricted.includes(s.id)) } : state.options),
    [restricted, state.options],
  );

  const search = useSlotSearch({
    filter: sentFilter,
    filterKey,
    healthcareType,
    // the server's first page, when the address still asks for what the server answered
    initial: sameFilter(filter, state.filter) ? { slots: state.results.appointments, hasMore: state.results.hasMore, suggestions: state.suggestions } : null,
  });

  // the calendar shows the start date's month until the visitor pages it (for that start date)
  const [paged, setPaged] = useState<{ startDate: string; month: string } | null>(null);
  const month = paged?.startDate === filter.startDate ? paged.month : monthOf(filter.startDate);
  const range = calendarRange(month, 1, today);
  const available = useAvailableDates({ filter: sentFilter, range, healthcareType, initial: state.availableDates });

  // choosing a practitioner takes their clinics (spec part 2 §5); a superseded lookup is dropped
  const practitionerLookup = useRef<AbortController | null>(null);
  useEffect(() => () => practitionerLookup.current?.abort(), []);
  const handlers: FilterHandlers = {
    onStartDate: (date) => setFilter(withStartDate(filter, date, today)),
    onIncludeRemote: (on) => setFilter(withIncludeRemote(filter, on)),
    onMunicipality: (group, on) => setFilter(withMunicipality(filter, group, on)),
    onClinics: (clinicIds) => setFilter(withClinics(filter, clinicIds)),
    onSpecialties: (specialtyIds) => setFilter(withSpecialties(filter, specialtyIds)),
    onPractitioners: (practitionerIds) => {
      const added = practitionerIds.filter((id) => !filter.practitionerIds.includes(id));
      practitionerLookup.current?.abort();
      if (added.length === 0) {
        setFilter(withPractitioners(filter, practitionerIds));
        return;
      }
      const controller = new AbortController();
      practitionerLookup.current = controller;
      Promise.all(
        practitionerIds.map((id) =>
          shell.api.get(PRACTITIONER_CLINICS_PATH, practitionerClinicsResponseSchema, { searchParams: { id, lang: shell.lang }, signal: controller.signal }),
        ),
      )
        .then((answers) => {
          // applied to the filter as it is when the answer comes (the visitor may have changed something meanwhile)
          if (!controller.signal.aborted) setFilter((current) => withPractitioners(current, practitionerIds, answers.flatMap((answer) => answer.clinicIds)));
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // the practitioners' clinics from the page's options are as good a source when the lookup fails
          shell.errors.report(error, 'booking-practitioner-clinics');
          const known = state.options.practitioners.filter((p) => practitionerIds.includes(p.id)).flatMap((p) => p.clinicIds);
          setFilter((current) => withPractitioners(current, practitionerIds, known));
        });
    },
  };

  const reservationRoute = reservationRouteOf(healthcareType, shell.user !== null);
  const hrefOf = (id: string) => withQueryString(shell.href(reservationRoute, { id }), location.search);

  // after "show more", focus goes to the first new appointment so keyboard users carry on where the list grew
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || search.loadingMore) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('li a')[from]?.focus();
  }, [search.loadingMore, search.slots.length]);

  const results = (
    <div className={`${styles.results} portal-grid-m`} aria-busy={search.status === 'loading'}>
      {search.status === 'loading' && <Spinner label={intl.formatMessage({ id: 'booking.search.loading' })} />}
      {search.status === 'error' && (
        <div role="alert">
          <ErrorView
            title={intl.formatMessage({ id: 'booking.search.failure.title' })}
            text={intl.formatMessage({ id: 'booking.search.failure.text' })}
            retryLabel={intl.formatMessage({ id: 'booking.search.failure.retry' })}
            onRetry={search.retry}
            headingLevel={3}
          />
        </div>
      )}
      {search.status === 'loaded' && search.slots.length === 0 && (
        <SearchSuggestionsView
          suggestions={search.suggestions}
          onDay={(date) => setFilter(withStartDate(filter, date, today))}
          onClinic={(clinic) => setFilter({ ...withClinics(filter, [clinic.id]), includeRemote: filter.includeRemote || clinic.isRemote })}
        />
      )}
      {search.status === 'loaded' && search.slots.length > 0 && (
        <>
          <p role="status" className="portal-muted portal-m0">
            {intl.formatMessage({ id: 'booking.search.shown' }, { count: search.slots.length })}
          </p>
          <ol ref={list} className="portal-plain-list portal-grid-s" aria-label={intl.formatMessage({ id: 'booking.search.results' })}>
            {search.slots.map((slot) => (
              <li key={slot.id}>
                <SlotCard slot={slot} href={hrefOf(slot.id)} />
              </li>
            ))}
          </ol>
          {search.moreFailed && <p role="alert">{intl.formatMessage({ id: 'booking.search.moreFailed' })}</p>}
          {search.hasMore && (
            <Button
              variant="secondary"
              loading={search.loadingMore}
              onClick={() => {
                focusFrom.current = search.slots.length;
                search.showMore();
              }}
            >
              {intl.formatMessage({ id: 'booking.search.showMore' })}
            </Button>
          )}
        </>
      )}
    </div>
  );

  // on a phone the folded filters' "show appointments" button leads the focus on to the results
  const resultsTitle = useRef<HTMLHeadingElement>(null);
  const showResults = () => {
    resultsTitle.current?.focus({ preventScroll: true });
    // the heading at the top of the screen, the first appointments under it (the panel may have been scrolled far down)
    resultsTitle.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className={`${styles.layout} portal-grid-l`}>
      <FiltersDisclosure className={styles.side} chosen={chosenFilterCount(filter, today)} onShowResults={showResults}>
        <SearchFilters filter={filter} options={options} today={today} handlers={handlers} />
        <AvailableDatesCalendar
          today={today}
          startDate={filter.startDate}
          month={month}
          availableDates={available.dates}
          loading={available.loading}
          onMonthChange={(shown) => setPaged({ startDate: filter.startDate, month: shown })}
          onSelect={(date) => setFilter(withStartDate(filter, date, today))}
        />
      </FiltersDisclosure>
      <section className="portal-min-w0" aria-labelledby={resultsTitleId}>
        <h2 id={resultsTitleId} ref={resultsTitle} tabIndex={-1} className="portal-mb-s portal-title-l portal-focus-none">
          {intl.formatMessage({ id: 'booking.search.resultsTitle' })}
        </h2>
        {filter.specialtyIds.length === 1 && filter.specialtyIds[0] && <SpecialtyInfo specialtyId={filter.specialtyIds[0]} />}
        <Tabs
          label={intl.formatMessage({ id: 'booking.search.time.label' })}
          selected={filter.timeOfDay}
          onSelect={(id) => setFilter(withTimeOfDay(filter, id as TimeOfDay))}
          tabs={timesOfDay.map((time) => ({
            id: time,
            label: intl.formatMessage({ id: timeMessageIds[time] }),
            panel: time === filter.timeOfDay ? results : null,
          }))}
        />
      </section>
    </div>
  );
}
