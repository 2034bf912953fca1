import {
  filterFromSearchParams,
  filterToSearchParams,
  municipalitySelection,
  sameFilter,
  withMunicipality,
  withPractitioners,
  withSpecialties,
  withStartDate,
  type SearchFilter,
} from './filter-rules';

const today = '2026-11-24';
const empty: SearchFilter = { startDate: today, clinicIds: [], specialtyIds: [], practitionerIds: [], includeRemote: false, timeOfDay: 'all' };
const espoo = { name: 'Espoo', clinics: [{ id: 'LPV' }, { id: 'TAP' }] };

describe('filter in the address (spec part 2 §2.1 booking query parameters)', () => {
  test('reads repeated arrays, includeRemote=true, startDate and time', () => {
    const filter = filterFromSearchParams(
      new URLSearchParams('clinicIds=KA&clinicIds=TAP&specialtyIds=PSY&practitionerIds=12&includeRemote=true&startDate=2026-12-01&time=evening'),
      today,
    );
    expect(filter).toEqual({
      startDate: '2026-12-01',
      clinicIds: ['KA', 'TAP'],
      specialtyIds: ['PSY'],
      practitionerIds: ['12'],
      includeRemote: true,
      timeOfDay: 'evening',
    });
  });

  test('§5: a start date in the past, a malformed date, an unknown time and bad codes fall back to their defaults', () => {
    expect(filterFromSearchParams(new URLSearchParams('startDate=2026-11-23'), today).startDate).toBe(today);
    expect(filterFromSearchParams(new URLSearchParams('startDate=tomorrow'), today).startDate).toBe(today);
    const filter = filterFromSearchParams(new URLSearchParams('time=night&clinicIds=<script>&includeRemote=yes'), today);
    expect(filter).toEqual(empty);
  });

  test('writes arrays as repeated parameters, leaves the defaults out and keeps foreign parameters', () => {
    const params = filterToSearchParams(
      { ...empty, clinicIds: ['KA', 'HP'], includeRemote: true, timeOfDay: 'morning', startDate: '2026-12-02' },
      today,
      new URLSearchParams('utm_source=app&clinicIds=OLD'),
    );
    expect(params.getAll('clinicIds')).toEqual(['KA', 'HP']);
    expect(params.get('utm_source')).toBe('app');
    expect(params.get('includeRemote')).toBe('true');
    expect(params.get('time')).toBe('morning');
    expect(params.get('startDate')).toBe('2026-12-02');
    expect(filterToSearchParams(empty, today).toString()).toBe('');
  });

  test('round trip', () => {
    const filter: SearchFilter = { ...empty, specialtyIds: ['GYN', 'PSY'], practitionerIds: [], timeOfDay: 'afternoon', startDate: '2026-11-30' };
    expect(sameFilter(filterFromSearchParams(filterToSearchParams(filter, today), today), filter)).toBe(true);
  });
});

describe('filter behaviour (spec part 2 §5)', () => {
  test.each(['PSY', 'ENDO', 'GYN', 'NNA', 'GRG'])('selecting %s turns includeRemote on', (id) => {
    expect(withSpecialties(empty, [id]).includeRemote).toBe(true);
  });

  test('another specialty leaves includeRemote as it was', () => {
    expect(withSpecialties(empty, ['YLE']).includeRemote).toBe(false);
    expect(withSpecialties({ ...empty, includeRemote: true }, ['YLE']).includeRemote).toBe(true);
  });

  test('picking a specialty clears the practitioners', () => {
    expect(withSpecialties({ ...empty, practitionerIds: ['3', '4'] }, ['YLE']).practitionerIds).toEqual([]);
  });

  test('choosing a practitioner clears the specialties, turns includeRemote on and takes the practitioner clinics', () => {
    const next = withPractitioners({ ...empty, specialtyIds: ['YLE'], clinicIds: ['KER'] }, ['7'], ['KA', 'RMT']);
    expect(next).toEqual({ ...empty, practitionerIds: ['7'], specialtyIds: [], includeRemote: true, clinicIds: ['KA', 'RMT'] });
  });

  test('removing a practitioner changes nothing else', () => {
    const filter = { ...empty, practitionerIds: ['7', '8'], includeRemote: true, clinicIds: ['KA'] };
    expect(withPractitioners(filter, ['8'])).toEqual({ ...filter, practitionerIds: ['8'] });
  });

  test('selecting a municipality selects all its clinics; removing it removes them all', () => {
    const selected = withMunicipality({ ...empty, clinicIds: ['KA', 'TAP'] }, espoo, true);
    expect(selected.clinicIds).toEqual(['KA', 'TAP', 'LPV']);
    expect(municipalitySelection(selected, espoo)).toBe('all');
    const removed = withMunicipality(selected, espoo, false);
    expect(removed.clinicIds).toEqual(['KA']);
    expect(municipalitySelection(removed, espoo)).toBe('none');
    expect(municipalitySelection({ ...empty, clinicIds: ['TAP'] }, espoo)).toBe('some');
  });

  test('the start date cannot be in the past', () => {
    expect(withStartDate(empty, '2026-11-01', today).startDate).toBe(today);
    expect(withStartDate(empty, '2026-11-25', today).startDate).toBe('2026-11-25');
  });
});
