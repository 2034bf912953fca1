import type { ComposedRoute, SearchListState, Slot } from '@portal/shared-api';

/** Test data of the search pages: a slot and a list page's state, with overrides. */
export const TODAY = '2026-11-24';

export function slot(id: number, overrides: Partial<Slot> = {}): Slot {
  const minute = String(id % 60).padStart(2, '0');
  return {
    id: String(id),
    startDate: `2026-11-25T08:${minute}:00.000Z`,
    durationMinutes: 30,
    practitioner: { id: '7', name: 'Anna Lahtinen', title: 'General practitioner', isResource: false, profilePictureUrl: null },
    specialty: { id: 'YLE', title: 'General practice' },
    clinic: { id: 'KA', name: 'Kamppi', municipality: 'Helsinki', isRemote: false },
    kindId: 'VAST',
    isRemote: false,
    isVideo: false,
    requiresAuthToReserve: false,
    price: null,
    ...overrides,
  };
}

export const slots = (count: number, from = 1) => Array.from({ length: count }, (_, index) => slot(from + index));

export function listState(overrides: Partial<SearchListState> = {}): SearchListState {
  return {
    healthcareType: 'private',
    restrictedToSpecialtyIds: null,
    today: TODAY,
    options: {
      municipalities: [
        { name: 'Helsinki', clinics: [{ id: 'KA', name: 'Kamppi' }, { id: 'ITK', name: 'Itäkeskus' }] },
        { name: 'Espoo', clinics: [{ id: 'LPV', name: 'Leppävaara' }, { id: 'TAP', name: 'Tapiola' }] },
      ],
      specialties: [
        { id: 'YLE', title: 'General practice', isVaccination: false, turnsOnRemote: false },
        { id: 'PSY', title: 'Psychology', isVaccination: false, turnsOnRemote: true },
        { id: 'INFL', title: 'Influenza vaccination', isVaccination: true, turnsOnRemote: false },
      ],
      practitioners: [
        { id: '7', name: 'Anna Lahtinen', title: 'General practitioner', isResource: false, specialtyIds: ['YLE'], clinicIds: ['KA'] },
        { id: '8', name: 'Olli Rantanen', title: 'Psychologist', isResource: false, specialtyIds: ['PSY'], clinicIds: ['TAP', 'RMT'] },
      ],
    },
    filter: { clinicIds: [], specialtyIds: [], practitionerIds: [], includeRemote: false, startDate: TODAY, timeOfDay: 'all' },
    results: { type: 'success', appointments: slots(3), hasMore: false },
    suggestions: null,
    availableDates: { startDate: TODAY, endDate: '2026-11-30', dates: ['2026-11-25', '2026-11-26'] },
    showPriceDetails: false,
    ...overrides,
  };
}

/** The shell's login page (shell/routes.json), which the sign-in prompts link to. */
export const loginRoute: ComposedRoute = {
  id: 'login',
  paths: { fi: 'kirjaudu', sv: 'logga-in', en: 'login' },
  kind: 'anonymous',
  features: [],
  brands: ['adult', 'children'],
  layout: { menu: false, footer: true, fullWidth: false },
  owner: 'shell',
};
