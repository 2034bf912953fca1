import type { BrandConfig, SessionUser } from '../schemas/initial-state';
import type {
  ImagingSummaryItem,
  LaboratorySummaryItem,
  PrescriptionSummaryItem,
  QuestionnaireSummaryItem,
  RecordsSummary,
  VisitSummaryItem,
} from '../schemas/records/summary';
import type { PageState as FrontPageState } from '../schemas/shell/states/front-page';

/*
 * Typed fakes with realistic Finnish demo data (persona Mikko Virtanen). Dates are fixed, not relative
 * to today, so tests that render them are deterministic. Every builder takes overrides.
 */

export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    firstName: 'Mikko',
    lastName: 'Virtanen',
    csrfToken: 'test-csrf-token',
    occupationalHealthcare: false,
    features: [],
    actingFor: null,
    ...overrides,
  };
}

export function buildBrandConfig(overrides: Partial<BrandConfig> = {}): BrandConfig {
  return {
    brand: 'adult',
    customerServicePhone: '010 000 0000',
    billingPhone: '010 000 0001',
    billingEmail: 'laskutus@example.fi',
    appLinks: { ios: 'https://apps.example.fi/ios', android: 'https://apps.example.fi/android' },
    nearestLaboratoryUrl: 'https://example.fi/laboratoriot',
    nearestImagingUrl: 'https://example.fi/kuvantaminen',
    cancellationHours: 24,
    ...overrides,
  };
}

export function buildVisitSummaryItem(overrides: Partial<VisitSummaryItem> = {}): VisitSummaryItem {
  return {
    id: 'visit-1001',
    dateTime: '2026-11-12T08:30:00.000Z',
    practitionerName: 'Anna Laaksonen',
    specialtyName: 'Yleislääketiede',
    ...overrides,
  };
}

export function buildPrescriptionSummaryItem(overrides: Partial<PrescriptionSummaryItem> = {}): PrescriptionSummaryItem {
  return {
    id: 'rx-2001',
    medicineName: 'Burana',
    strength: '400 mg',
    issuedDate: '2026-10-30',
    isRenewable: true,
    ...overrides,
  };
}

export function buildLaboratorySummaryItem(overrides: Partial<LaboratorySummaryItem> = {}): LaboratorySummaryItem {
  return {
    date: '2026-11-10',
    isReady: true,
    testNames: ['PVK (Perusverenkuva)', 'P-Gluk (Glukoosi)', 'fP-Kol-LDL'],
    ...overrides,
  };
}

export function buildImagingSummaryItem(overrides: Partial<ImagingSummaryItem> = {}): ImagingSummaryItem {
  return {
    id: 'img-3001',
    imagingDate: '2026-09-18',
    examinationName: 'Polven magneettitutkimus',
    ...overrides,
  };
}

export function buildQuestionnaireSummaryItem(overrides: Partial<QuestionnaireSummaryItem> = {}): QuestionnaireSummaryItem {
  return {
    id: 'q-4001',
    title: 'Esitietolomake ennen vastaanottoa',
    sentAt: '2026-11-15T07:00:00.000Z',
    answeredAt: null,
    ...overrides,
  };
}

/** A full records summary: three of each (the front page shows at most 3), newest first. */
export function buildRecordsSummary(overrides: Partial<RecordsSummary> = {}): RecordsSummary {
  return {
    canRenewPrescriptions: true,
    visits: [
      buildVisitSummaryItem(),
      buildVisitSummaryItem({ id: 'visit-1002', dateTime: '2026-09-03T11:00:00.000Z', practitionerName: 'Juha Koskinen', specialtyName: 'Fysioterapia' }),
      buildVisitSummaryItem({ id: 'visit-1003', dateTime: '2026-05-20T06:15:00.000Z', practitionerName: 'Sari Heikkinen', specialtyName: 'Ihotaudit' }),
    ],
    prescriptions: [
      buildPrescriptionSummaryItem(),
      buildPrescriptionSummaryItem({ id: 'rx-2002', medicineName: 'Panacod', strength: '500 mg/30 mg', issuedDate: '2026-08-14', isRenewable: false }),
      buildPrescriptionSummaryItem({ id: 'rx-2003', medicineName: 'Desloratadin Krka', strength: '5 mg', issuedDate: '2026-04-02' }),
    ],
    laboratory: [
      buildLaboratorySummaryItem({ date: '2026-11-18', isReady: false, testNames: ['B-HbA1c', 'P-TSH'] }),
      buildLaboratorySummaryItem(),
      buildLaboratorySummaryItem({ date: '2026-06-01', testNames: ['P-CRP'] }),
    ],
    imaging: [
      buildImagingSummaryItem(),
      buildImagingSummaryItem({ id: 'img-3002', imagingDate: '2026-02-11', examinationName: 'Keuhkojen röntgenkuvaus' }),
      buildImagingSummaryItem({ id: 'img-3003', imagingDate: '2025-12-01', examinationName: null }),
    ],
    questionnaires: [buildQuestionnaireSummaryItem()],
    ...overrides,
  };
}

/** A records summary of a patient with nothing yet (every list empty). */
export function buildEmptyRecordsSummary(overrides: Partial<RecordsSummary> = {}): RecordsSummary {
  return buildRecordsSummary({ visits: [], prescriptions: [], laboratory: [], imaging: [], questionnaires: [], ...overrides });
}

export function buildFrontPageState(overrides: Partial<FrontPageState> = {}): FrontPageState {
  return {
    firstName: 'Mikko',
    summaries: { 'mf-records': buildRecordsSummary() },
    ...overrides,
  };
}
