import { composedRouteSchema, type InitialState, type RouteTable } from '@portal/shared-api';
import shellRoutes from '../../routes.json';

const label = (fi: string, sv: string, en: string) => ({ fi, sv, en });

/** The shell's routes.json plus a remote's resolved routes, as the server composes them. */
export function routeTable(): RouteTable {
  return [
    ...shellRoutes.map((route) => composedRouteSchema.parse({ ...route, owner: 'shell' })),
    ...[
      {
        id: 'records.laboratory',
        paths: { fi: 'laboratorio', sv: 'laboratorium', en: 'laboratory' },
        kind: 'logged-in',
        menu: { group: 'other', order: 20, labelId: 'records.menu.laboratory', label: label('Laboratorio', 'Laboratorium', 'Laboratory') },
      },
      {
        id: 'records.visits',
        paths: { fi: 'kaynnit', sv: 'besoken', en: 'visits' },
        kind: 'logged-in',
        menu: { group: 'other', order: 10, labelId: 'records.menu.visits', label: label('Käynnit', 'Besök', 'Visits') },
      },
    ].map((route) => composedRouteSchema.parse({ ...route, owner: 'mf-records' })),
  ];
}

export function initialState(overrides: Partial<InitialState> = {}): InitialState {
  return {
    lang: 'en',
    brand: 'adult',
    environment: 'development',
    features: [],
    user: {
      firstName: 'Mikko',
      lastName: 'Virtanen',
      csrfToken: 'csrf-abc',
      occupationalHealthcare: false,
      features: [],
      actingFor: null,
    },
    session: { expiresAt: '2030-01-01T10:30:00.000Z', timeoutMinutes: 30 },
    mfaOnboardingParam: null,
    config: {
      brand: 'adult',
      customerServicePhone: '010 123 4567',
      billingPhone: '010 123 4568',
      billingEmail: 'billing@example.test',
      appLinks: { ios: 'https://apps.example.test/ios', android: 'https://apps.example.test/android' },
      nearestLaboratoryUrl: 'https://example.test/lab',
      nearestImagingUrl: 'https://example.test/imaging',
      cancellationHours: 24,
    },
    routes: routeTable(),
    remotes: {
      remotes: [{ id: 'mf-records', name: 'mf_records', entry: '/remotes/mf-records/mf-manifest.json', frontPageParcels: ['./summary'] }],
      overridesAllowed: true,
    },
    page: null,
    sentryDsn: null,
    ...overrides,
  };
}

/** mf-account's SMS code login page, as the server composes it. */
export const smsLoginRoute = composedRouteSchema.parse({
  id: 'account.sms-login',
  paths: { fi: 'tunnistautuminen', sv: 'behorighetskontroll', en: 'authentication' },
  kind: 'expired-session',
  layout: { menu: false, footer: false, fullWidth: false },
  owner: 'mf-account',
});
