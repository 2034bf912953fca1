import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { Clinic, SearchSuggestions } from '@portal/shared-api';
import { formatDate, formatTime } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';
import styles from './SearchSuggestionsView.module.css';

/**
 * No results (spec part 2 §4, §8, §9): the text, then what the search found one month further: other
 * days (at most 5) and clinics in the neighbour municipalities. Each suggestion applies itself to the
 * filter (the start date, or the clinic) and so to the address.
 */
export function SearchSuggestionsView({
  suggestions,
  onDay,
  onClinic,
}: {
  suggestions: SearchSuggestions | null;
  onDay(date: string): void;
  onClinic(clinic: Clinic): void;
}) {
  const intl = useIntl();
  const { lang } = useShell();
  const daysId = useId();
  const clinicsId = useId();
  const days = suggestions?.days ?? [];
  const clinics = suggestions?.clinics ?? [];
  return (
    <div className={`${styles.noResults} portal-grid-m`}>
      <p className="portal-bold portal-m0">{intl.formatMessage({ id: 'booking.search.noResults' })}</p>
      {days.length > 0 && (
        <section aria-labelledby={daysId}>
          <h3 id={daysId} className="portal-mb-xs portal-title-m">
            {intl.formatMessage({ id: 'booking.search.suggestions.days' })}
          </h3>
          <ul className="portal-row portal-gap-xs portal-plain-list">
            {days.map((day) => (
              <li key={day.date}>
                <button type="button" className={`${styles.suggestion} portal-box--background portal-touch`} onClick={() => onDay(day.date)}>
                  <span className="portal-bold">{formatDate(day.date, lang)}</span>
                  <span>{intl.formatMessage({ id: 'booking.search.suggestions.dayDetail' }, { count: day.count, time: formatTime(day.firstStartDate) })}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {clinics.length > 0 && (
        <section aria-labelledby={clinicsId}>
          <h3 id={clinicsId} className="portal-mb-xs portal-title-m">
            {intl.formatMessage({ id: 'booking.search.suggestions.clinics' })}
          </h3>
          <ul className="portal-row portal-gap-xs portal-plain-list">
            {clinics.map(({ clinic, count, firstStartDate }) => (
              <li key={clinic.id}>
                <button type="button" className={`${styles.suggestion} portal-box--background portal-touch`} onClick={() => onClinic(clinic)}>
                  <span className="portal-bold">{clinic.name}</span>
                  <span>
                    {intl.formatMessage(
                      { id: 'booking.search.suggestions.clinicDetail' },
                      { municipality: clinic.municipality, count, date: formatDate(firstStartDate, lang) },
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
