import type {
  ComposedRoute,
  Prescription,
  PrescriptionRenewalPageState,
  PrescriptionsPageState,
  VisitPageState,
  VisitReport,
} from '@portal/shared-api';
import { routeTable } from './shell-fake';

/** Fixtures of the prescriptions, renewal and visit pages. */

function prescription(overrides: Partial<Prescription> & Pick<Prescription, 'id' | 'medicineName' | 'strength' | 'isRenewable'>): Prescription {
  return {
    issuedDate: '2026-01-05',
    medicineType: 'tabletti',
    packageUnit: 'kpl',
    packageSize: 100,
    packageCount: 1,
    treatmentLength: 1,
    treatmentLengthUnit: 'year',
    totalAmount: '1 pakkaus',
    dosageGuide: '1 tabletti aamulla',
    usageGuide: 'Kilpirauhasen vajaatoimintaan',
    ...overrides,
  };
}

export const thyroxin = prescription({ id: '11', medicineName: 'Thyroxin', strength: '100 mikrog', isRenewable: true, issuedDate: '2026-05-01' });
export const amoxin = prescription({
  id: '21',
  medicineName: 'Amoxin',
  strength: '750 mg',
  isRenewable: false,
  issuedDate: '2026-04-20',
  packageSize: 20,
  treatmentLength: 10,
  treatmentLengthUnit: 'day',
  dosageGuide: '1 tabletti 2 kertaa päivässä',
  usageGuide: 'Tulehdukseen',
});
export const burana = prescription({
  id: '12',
  medicineName: 'Burana',
  strength: '400 mg',
  isRenewable: true,
  issuedDate: '2026-03-01',
  packageSize: 30,
  packageCount: 2,
  treatmentLength: 3,
  treatmentLengthUnit: 'month',
  totalAmount: '2 pakkausta',
  dosageGuide: '1 tabletti tarvittaessa',
  usageGuide: 'Kipuun',
});
export const ventoline = prescription({
  id: '13',
  medicineName: 'Ventoline Evohaler',
  strength: '0,1 mg/annos',
  isRenewable: true,
  issuedDate: '2025-11-01',
  medicineType: 'inhalaatiosumute',
  packageUnit: 'annosta',
  packageSize: 200,
  dosageGuide: '1–2 annosta tarvittaessa',
  usageGuide: 'Hengenahdistukseen',
});
export const panacod = prescription({
  id: '22',
  medicineName: 'Panacod',
  strength: '500 mg/30 mg',
  isRenewable: false,
  issuedDate: '2025-10-01',
  treatmentLength: null,
  treatmentLengthUnit: null,
  dosageGuide: '1–2 tablettia',
  usageGuide: 'Kovaan kipuun',
});

/** Newest first, as the loader answers: three renewable, two not. */
export const prescriptionListState: PrescriptionsPageState = { prescriptions: [thyroxin, amoxin, burana, ventoline, panacod] };

/** `count` renewable prescriptions (ids 101…), for pagination and the cart's limit. */
export function manyRenewable(count: number): PrescriptionsPageState {
  return {
    prescriptions: Array.from({ length: count }, (_, index) =>
      prescription({ id: String(101 + index), medicineName: `Medicine ${index + 1}`, strength: '1 mg', isRenewable: true }),
    ),
  };
}

export function renewalOkState(prescriptions: Prescription[] = [thyroxin, burana], customerMessagingUserId: string | null = '5'): PrescriptionRenewalPageState {
  return { status: 'ok', prescriptions, user: { firstName: 'Mikko', lastName: 'Virtanen' }, customerMessagingUserId };
}

export const visitReport: VisitReport = {
  id: '7',
  dateTime: '2026-05-10T12:00:00.000Z',
  practitionerName: 'Anna Lahtinen',
  practitionerTitle: 'Yleislääkäri',
  practitionerPictureUrl: null,
  specialtyName: 'General practice',
  diagnoses: [
    { code: 'I10', description: 'Essentiaalinen verenpainetauti' },
    { code: 'E78.0', description: 'Puhdas hyperkolesterolemia' },
  ],
  texts: [
    { title: 'Tulosyy', body: 'Verenpaineen seuranta.\nKotimittauksissa keskimäärin 148/92.' },
    { title: 'Hoitosuunnitelma', body: '<b>1.</b> Elintapaohjaus.\n2. Kontrolli.' },
  ],
  patient: { fullName: 'Mikko Virtanen', identityCode: '150385-9013' },
};
export const visitOkState: VisitPageState = { status: 'ok', visit: visitReport };

/** The messaging remote's thread page, for the link to the created conversation. */
export const messagingThreadRoute: ComposedRoute = {
  id: 'messaging.thread',
  paths: { fi: 'viestit/:id', sv: 'meddelanden/:id', en: 'conversations/:id' },
  params: { id: '[0-9]+' },
  kind: 'logged-in',
  features: [],
  brands: ['adult', 'children'],
  layout: { menu: true, footer: false, fullWidth: false },
  owner: 'mf-messaging',
};
export const routeTableWithMessaging = [...routeTable, messagingThreadRoute];
