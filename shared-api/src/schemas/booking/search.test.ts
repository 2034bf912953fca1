import { appointmentSearchQuerySchema, availableDatesQuerySchema, endOfMonth, parseSearchFilter, searchFilterToApiQuery, searchFilterToPageQuery, searchSuggestionsSchema } from './search';
import { pageStateSchema as occupationalListStateSchema } from './states/occupational-list';

const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join('.'));

describe('appointment search query (spec part 2 §7 GET /api/appointments, §9)', () => {
  test('repeated parameters are lists, a single value is a list of one, defaults fill the rest', () => {
    const parsed = appointmentSearchQuerySchema.parse({ clinicIds: ['KA', 'TAP'], specialtyIds: 'PSY', startDate: '2026-11-24', lang: 'sv' });
    expect(parsed).toEqual({
      clinicIds: ['KA', 'TAP'],
      specialtyIds: ['PSY'],
      practitionerIds: [],
      includeRemote: false,
      startDate: '2026-11-24',
      isOccupationalHealthcare: false,
      isInsuranceCustomer: false,
      timeOfDay: 'all',
      lang: 'sv',
      offset: 0,
    });
  });

  test('every bad value is refused at its path', () => {
    const result = appointmentSearchQuerySchema.safeParse({
      clinicIds: ['KA', 'no spaces'],
      practitionerIds: 'x1',
      includeRemote: 'yes',
      startDate: '24.11.2026',
      timeOfDay: 'night',
      lang: 'de',
      offset: '15',
    });
    expect(pathsOf(result)?.sort()).toEqual(['clinicIds.1', 'includeRemote', 'lang', 'offset', 'practitionerIds.0', 'startDate', 'timeOfDay']);
  });

  test('the offset grows by 20; the range ends after it starts and spans at most 62 days', () => {
    expect(appointmentSearchQuerySchema.parse({ offset: '40' }).offset).toBe(40);
    expect(pathsOf(appointmentSearchQuerySchema.safeParse({ startDate: '2026-12-10', endDate: '2026-12-01' }))).toEqual(['endDate']);
    expect(pathsOf(availableDatesQuerySchema.safeParse({ startDate: '2026-12-01', endDate: '2027-03-01' }))).toEqual(['endDate']);
    expect(pathsOf(availableDatesQuerySchema.safeParse({ startDate: '2026-12-01' }))).toEqual(['endDate']);
  });
});

describe('the list page filter in the URL (spec part 2 §2.1, §5)', () => {
  const today = '2026-11-24';

  test('invalid values are dropped and a past start date becomes today', () => {
    const filter = parseSearchFilter(
      new URLSearchParams('clinicIds=KA&clinicIds=bad%20id&practitionerIds=12&practitionerIds=x&includeRemote=true&startDate=2026-11-01&time=evening'),
      today,
    );
    expect(filter).toEqual({ clinicIds: ['KA'], specialtyIds: [], practitionerIds: ['12'], includeRemote: true, startDate: today, timeOfDay: 'evening' });
    expect(parseSearchFilter({ specialtyIds: 'PSY', startDate: '2026-12-01', time: 'night' }, today)).toMatchObject({
      specialtyIds: ['PSY'],
      startDate: '2026-12-01',
      timeOfDay: 'all',
    });
  });

  test('the page query and the API query round-trip the filter', () => {
    const filter = parseSearchFilter(new URLSearchParams('clinicIds=KA&clinicIds=TAP&startDate=2026-12-01&time=morning'), today);
    expect(searchFilterToPageQuery(filter, today).toString()).toBe('clinicIds=KA&clinicIds=TAP&startDate=2026-12-01&time=morning');
    const api = searchFilterToApiQuery(filter, { healthcareType: 'insurance', lang: 'fi', offset: 20 });
    // as a server parses a query string: a repeated key is a list, a single one a string
    const asServerSees = Object.fromEntries([...new Set(api.keys())].map((key) => [key, api.getAll(key).length > 1 ? api.getAll(key) : api.get(key)]));
    expect(appointmentSearchQuerySchema.parse(asServerSees)).toMatchObject({
      clinicIds: ['KA', 'TAP'],
      isInsuranceCustomer: true,
      timeOfDay: 'morning',
      offset: 20,
    });
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
  });
});

describe('page states and suggestions', () => {
  test('the occupational list has its four statuses; no-web-reservation says which phone content', () => {
    expect(occupationalListStateSchema.safeParse({ status: 'no-web-reservation', phoneBookingContent: 'special', customerServicePhone: '010' }).success).toBe(true);
    expect(occupationalListStateSchema.safeParse({ status: 'no-web-reservation' }).success).toBe(false);
    expect(occupationalListStateSchema.safeParse({ status: 'no-occupational-healthcare' }).success).toBe(true);
  });

  test('at most 5 other days are suggested', () => {
    const day = { date: '2026-12-01', firstStartDate: '2026-12-01T08:00:00.000Z', count: 3 };
    expect(searchSuggestionsSchema.safeParse({ days: Array(5).fill(day), clinics: [] }).success).toBe(true);
    expect(searchSuggestionsSchema.safeParse({ days: Array(6).fill(day), clinics: [] }).success).toBe(false);
  });
});
