import type {
  PrescriptionsPageState,
  QuestionnairesPageState,
  RecordsSummary,
  VisitsPageState,
} from '@portal/shared-api';

export const summaryFixture: RecordsSummary = {
  canRenewPrescriptions: true,
  visits: [
    { id: 'v1', dateTime: '2026-05-10T12:00:00.000Z', practitionerName: 'Anna Lääkäri', specialtyName: 'Endocrinology' },
    { id: 'v2', dateTime: '2026-04-01T07:30:00.000Z', practitionerName: 'Pekka Hoitaja', specialtyName: 'General practice' },
    { id: 'v3', dateTime: '2026-03-01T07:30:00.000Z', practitionerName: 'Liisa Psykologi', specialtyName: 'Psychology' },
    { id: 'v4', dateTime: '2026-02-01T07:30:00.000Z', practitionerName: 'Outi Fysio', specialtyName: 'Physiotherapy' },
  ],
  prescriptions: [
    { id: 'p1', medicineName: 'Thyroxin', strength: '50 mikrog', issuedDate: '2026-01-05', isRenewable: true },
    { id: 'p2', medicineName: 'Burana', strength: '400 mg', issuedDate: '2025-12-01', isRenewable: false },
  ],
  laboratory: [
    { date: '2026-04-02', isReady: false, testNames: ['Blood count', 'TSH'] },
    { date: '2026-03-15', isReady: true, testNames: ['CRP'] },
  ],
  imaging: [
    { id: 'i1', imagingDate: '2026-02-20', examinationName: 'Chest X-ray' },
    { id: 'i2', imagingDate: '2026-01-20', examinationName: null },
  ],
  questionnaires: [
    { id: 'q1', title: 'Health survey', sentAt: '2026-05-01T10:00:00.000Z', answeredAt: null },
    { id: 'q2', title: 'Sleep survey', sentAt: '2026-04-01T10:00:00.000Z', answeredAt: '2026-04-02T10:00:00.000Z' },
  ],
};

export const emptySummary: RecordsSummary = {
  canRenewPrescriptions: false,
  visits: [],
  prescriptions: [],
  laboratory: [],
  imaging: [],
  questionnaires: [],
};

export const visitsState: VisitsPageState = {
  visits: [
    {
      id: 'v1',
      dateTime: '2026-05-10T12:00:00.000Z',
      practitionerName: 'Anna Lääkäri',
      practitionerTitle: 'Specialist',
      practitionerPictureUrl: null,
      specialtyName: 'Endocrinology',
    },
  ],
};

/** n visits, newest first, for pagination */
export function manyVisits(count: number): VisitsPageState {
  return {
    visits: Array.from({ length: count }, (_, index) => ({
      id: `v${index + 1}`,
      dateTime: new Date(Date.UTC(2026, 4, 28 - index, 9)).toISOString(),
      practitionerName: `Doctor ${index + 1}`,
      practitionerTitle: null,
      practitionerPictureUrl: null,
      specialtyName: `Specialty ${index + 1}`,
    })),
  };
}

export const prescriptionsState: PrescriptionsPageState = {
  prescriptions: [
    {
      id: 'p1',
      medicineName: 'Thyroxin',
      strength: '50 mikrog',
      issuedDate: '2026-01-05',
      isRenewable: true,
      medicineType: 'tablet',
      packageSize: 100,
      packageUnit: 'tabl',
      packageCount: 1,
      treatmentLength: 1,
      treatmentLengthUnit: 'year',
      totalAmount: '1 package',
      dosageGuide: '1 x 1',
      usageGuide: 'For the thyroid',
    },
    {
      id: 'p2',
      medicineName: 'Oxynorm',
      strength: '5 mg',
      issuedDate: '2025-12-01',
      isRenewable: false,
      medicineType: 'capsule',
      packageSize: 28,
      packageUnit: 'caps',
      packageCount: 2,
      treatmentLength: null,
      treatmentLengthUnit: null,
      totalAmount: '2 packages',
      dosageGuide: 'as needed',
      usageGuide: 'For pain',
    },
  ],
};

// The laboratory and imaging states (with referrals) live in lab-fixtures.ts.
export { imagingState, laboratoryState } from './lab-fixtures';

export const questionnairesState: QuestionnairesPageState = {
  status: 'ok',
  open: [{ id: 'q1', title: 'Health survey', sentAt: '2026-05-01T10:00:00.000Z', answeredAt: null }],
  answered: [{ id: 'q2', title: 'Sleep survey', sentAt: '2026-04-01T10:00:00.000Z', answeredAt: '2026-04-02T10:00:00.000Z' }],
};
