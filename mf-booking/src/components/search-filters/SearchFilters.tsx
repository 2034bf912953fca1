import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { SearchFilter, SearchOptions } from '@portal/shared-api';
import type { IsoDate } from '@portal/shared-i18n';
import { municipalitySelection, type MunicipalityClinics } from '../../pages/private-list/filter-rules';
import styles from './SearchFilters.module.css';

export interface FilterHandlers {
  onStartDate(date: IsoDate): void;
  onIncludeRemote(includeRemote: boolean): void;
  onMunicipality(group: MunicipalityClinics, selected: boolean): void;
  onClinics(clinicIds: string[]): void;
  onSpecialties(specialtyIds: string[]): void;
  onPractitioners(practitionerIds: string[]): void;
}

const toggled = (values: readonly string[], value: string, on: boolean) => (on ? [...values, value] : values.filter((v) => v !== value));

/** A checkbox whose mixed state (some clinics of a municipality) is set on the element, as HTML has no attribute for it. */
function Checkbox({ checked, indeterminate = false, onChange, children }: { checked: boolean; indeterminate?: boolean; onChange(on: boolean): void; children: ReactNode }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={`${styles.option} portal-items-center portal-flex portal-touch portal-gap-xs`}>
      <input ref={ref} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/** A collapsible group of choices; its summary says how many are chosen. */
function FilterGroup({ title, chosen, children }: { title: string; chosen: number; children: ReactNode }) {
  const intl = useIntl();
  return (
    <details className="portal-frame portal-box--background">
      <summary className={`${styles.summary} portal-row portal-touch portal-gap-xs portal-items-center portal-bold`}>
        {title}
        {chosen > 0 && <span className={styles.count}>{intl.formatMessage({ id: 'booking.search.filters.chosen' }, { count: chosen })}</span>}
      </summary>
      <div className={`${styles.choices} portal-grid-xs`}>{children}</div>
    </details>
  );
}

/**
 * The search's filters (spec part 2 §2.1, §5): start date (not before today), includeRemote,
 * municipalities and their clinics, specialties, practitioners. Every change goes to the address
 * through the handlers; the rules (filter-rules.ts) decide what else changes with it.
 */
export function SearchFilters({
  filter,
  options,
  today,
  handlers,
}: {
  filter: SearchFilter;
  options: SearchOptions;
  today: IsoDate;
  handlers: FilterHandlers;
}) {
  const intl = useIntl();
  const dateId = useId();
  const [practitionerQuery, setPractitionerQuery] = useState('');
  const query = practitionerQuery.trim().toLocaleLowerCase();
  const practitioners = query === '' ? options.practitioners : options.practitioners.filter((p) => p.name.toLocaleLowerCase().includes(query));
  return (
    <section className="portal-grid-s" aria-label={intl.formatMessage({ id: 'booking.search.filters.title' })}>
      <div className={`${styles.row} portal-row`}>
        <div className={`${styles.field} portal-grid-xxs`}>
          <label htmlFor={dateId}>{intl.formatMessage({ id: 'booking.search.filters.startDate' })}</label>
          <input
            id={dateId}
            type="date"
            min={today}
            value={filter.startDate}
            onChange={(event) => {
              if (event.target.value) handlers.onStartDate(event.target.value);
            }}
          />
        </div>
        <Checkbox checked={filter.includeRemote} onChange={handlers.onIncludeRemote}>
          {intl.formatMessage({ id: 'booking.search.filters.includeRemote' })}
        </Checkbox>
      </div>
      <FilterGroup title={intl.formatMessage({ id: 'booking.search.filters.clinics' })} chosen={filter.clinicIds.length}>
        {options.municipalities.map((group) => {
          const selection = municipalitySelection(filter, group);
          return (
            <fieldset key={group.name} className={styles.municipality}>
              <legend className="portal-field__label">
                <Checkbox checked={selection === 'all'} indeterminate={selection === 'some'} onChange={(on) => handlers.onMunicipality(group, on)}>
                  {intl.formatMessage({ id: 'booking.search.filters.allOf' }, { municipality: group.name })}
                </Checkbox>
              </legend>
              {group.clinics.map((clinic) => (
                <Checkbox
                  key={clinic.id}
                  checked={filter.clinicIds.includes(clinic.id)}
                  onChange={(on) => handlers.onClinics(toggled(filter.clinicIds, clinic.id, on))}
                >
                  {clinic.name}
                </Checkbox>
              ))}
            </fieldset>
          );
        })}
      </FilterGroup>
      <FilterGroup title={intl.formatMessage({ id: 'booking.search.filters.specialties' })} chosen={filter.specialtyIds.length}>
        <fieldset className={styles.plain}>
          <legend className={styles.visuallyHidden}>{intl.formatMessage({ id: 'booking.search.filters.specialties' })}</legend>
          {options.specialties.map((specialty) => (
            <Checkbox
              key={specialty.id}
              checked={filter.specialtyIds.includes(specialty.id)}
              onChange={(on) => handlers.onSpecialties(toggled(filter.specialtyIds, specialty.id, on))}
            >
              {specialty.title}
            </Checkbox>
          ))}
        </fieldset>
      </FilterGroup>
      {options.practitioners.length > 0 && (
        <FilterGroup title={intl.formatMessage({ id: 'booking.search.filters.practitioners' })} chosen={filter.practitionerIds.length}>
          <label className={`${styles.field} portal-grid-xxs`}>
            <span>{intl.formatMessage({ id: 'booking.search.filters.findPractitioner' })}</span>
            <input type="search" value={practitionerQuery} onChange={(event) => setPractitionerQuery(event.target.value)} />
          </label>
          <fieldset className={styles.plain}>
            <legend className={styles.visuallyHidden}>{intl.formatMessage({ id: 'booking.search.filters.practitioners' })}</legend>
            {practitioners.map((practitioner) => (
              <Checkbox
                key={practitioner.id}
                checked={filter.practitionerIds.includes(practitioner.id)}
                onChange={(on) => handlers.onPractitioners(toggled(filter.practitionerIds, practitioner.id, on))}
              >
                {practitioner.name}
                {practitioner.title && <span className="portal-muted"> · {practitioner.title}</span>}
              </Checkbox>
            ))}
            {practitioners.length === 0 && <p className="portal-muted">{intl.formatMessage({ id: 'booking.search.filters.noPractitioner' })}</p>}
          </fieldset>
        </FilterGroup>
      )}
    </section>
  );
}
