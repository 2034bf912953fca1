import { useId, useMemo } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, fi, sv } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useIntl } from 'react-intl';
import { MOBILE_CALENDAR_BREAKPOINT_PX } from '@portal/shared-api';
import type { IsoDate, Lang } from '@portal/shared-i18n';
import { useMediaQuery, useShell } from '@portal/shared-ui';
import styles from './AvailableDatesCalendar.module.css';

const locales = { fi, sv, en: enGB } as const satisfies Record<Lang, unknown>;
const pad = (value: number) => String(value).padStart(2, '0');

/** A calendar day as the day picker holds it (local midnight of that date): only its date parts matter. */
export function dayOf(date: IsoDate): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}
export function isoOf(day: Date): IsoDate {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
/** The first day of the month of `date`. */
export function monthOf(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

/**
 * The calendar of available dates (spec part 2 §2.1 list page, §9 mobile breakpoint 800 px): days
 * with free slots are marked and choosable, days before today or without slots are not. Choosing a
 * day sets the search's start date. One month at a time (it sits beside the results); below 800 px,
 * where it stacks above them, its days are smaller and weeks are not padded to six.
 */
export function AvailableDatesCalendar({
  today,
  startDate,
  month,
  availableDates,
  loading,
  onMonthChange,
  onSelect,
}: {
  today: IsoDate;
  startDate: IsoDate;
  /** the first day of the first month shown */
  month: IsoDate;
  availableDates: readonly IsoDate[];
  loading: boolean;
  onMonthChange(month: IsoDate): void;
  onSelect(date: IsoDate): void;
}) {
  const intl = useIntl();
  const { lang } = useShell();
  const headingId = useId();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_CALENDAR_BREAKPOINT_PX - 1}px)`);
  const available = useMemo(() => new Set(availableDates), [availableDates]);
  return (
    <section className={mobile ? `${styles.calendar} ${styles.mobile}` : styles.calendar} aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="portal-mb-xs portal-title-m">
        {intl.formatMessage({ id: 'booking.search.calendar.title' })}
      </h2>
      <DayPicker
        mode="single"
        required
        locale={locales[lang]}
        weekStartsOn={1}
        startMonth={dayOf(monthOf(today))}
        month={dayOf(month)}
        onMonthChange={(shown) => onMonthChange(isoOf(shown))}
        selected={dayOf(startDate)}
        onSelect={(day) => onSelect(isoOf(day))}
        disabled={(day) => {
          const iso = isoOf(day);
          return iso < today || !available.has(iso);
        }}
        modifiers={{ available: (day) => available.has(isoOf(day)) }}
        modifiersClassNames={{ available: styles.available ?? '' }}
        showOutsideDays={false}
        fixedWeeks={!mobile}
      />
      <p className="portal-mt-xs portal-muted portal-small">{intl.formatMessage({ id: 'booking.search.calendar.legend' })}</p>
    </section>
  );
}
