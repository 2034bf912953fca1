import { useEffect, useState } from 'react';
import { AVAILABLE_DATES_PATH, availableDatesResponseSchema, endOfMonth, searchFilterToApiQuery, type HealthcareType, type SearchFilter } from '@portal/shared-api';
import { addDays, type IsoDate } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** The calendar's range: from the first shown month's first day (not before today) to the end of the last shown month. */
export function calendarRange(month: IsoDate, months: number, today: IsoDate): DateRange {
  let endDate = endOfMonth(month);
  for (let shown = 1; shown < months; shown += 1) endDate = endOfMonth(addDays(endDate, 1));
  return { startDate: month < today ? today : month, endDate };
}

/**
 * The days with free slots in the calendar's range (spec part 2 §7 available-appointment-dates: the
 * filter plus timeOfDay). The search's own start date is not part of it, so choosing a day keeps the
 * other days of the month on show. The page's first month comes with the page; a failure leaves the
 * calendar without marks (the results still work), reported.
 */
export function useAvailableDates({
  filter,
  range,
  healthcareType,
  initial,
}: {
  filter: SearchFilter;
  range: DateRange;
  healthcareType: HealthcareType;
  initial: (DateRange & { dates: readonly IsoDate[] }) | null;
}): { dates: readonly IsoDate[]; loading: boolean } {
  const { api, lang, errors } = useShell();
  const key = searchFilterToApiQuery({ ...filter, startDate: range.startDate }, { healthcareType, lang, endDate: range.endDate }).toString();
  const [answer, setAnswer] = useState<{ key: string; dates: readonly IsoDate[] } | null>(() =>
    initial
      ? { key: searchFilterToApiQuery({ ...filter, startDate: initial.startDate }, { healthcareType, lang, endDate: initial.endDate }).toString(), dates: initial.dates }
      : null,
  );
  const answered = answer?.key === key;

  useEffect(() => {
    if (answered) return undefined;
    const controller = new AbortController();
    api
      .get(AVAILABLE_DATES_PATH, availableDatesResponseSchema, { searchParams: new URLSearchParams(key), signal: controller.signal })
      .then((response) => {
        if (!controller.signal.aborted) setAnswer({ key, dates: response.dates });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        errors.report(error, 'booking-available-dates');
        setAnswer({ key, dates: [] });
      });
    return () => controller.abort();
    // one request per range and filter: `key` is both
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // while the next range loads, the last one's marks stay (the calendar says it is busy)
  const dates = answer?.dates ?? [];
  const loading = !answered;
  return { dates, loading };
}
