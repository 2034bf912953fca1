import { createElement, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import type {
  ImagingPageState,
  ImagingResultPageState,
  LaboratoryPageState,
  LaboratoryResultPageState,
  ReferralListItem,
  ReferralPageState,
  SingleLaboratoryTest,
} from '@portal/shared-api';
import type { ShellContextValue } from '@portal/shared-ui';
import { createFakeShell, renderWithShell } from './shell-fake';

/**
 * Fixtures of the laboratory, imaging and referral pages. Validity texts depend on today: tests that
 * read them fix the clock at HELSINKI_NOW, 00:30 on 11 May 2026 in Helsinki, still 10 May in UTC, so
 * a day counted in UTC instead of Europe/Helsinki fails them.
 */
export const HELSINKI_NOW = new Date('2026-05-10T21:30:00Z');
export const TODAY = '2026-05-11';

const doctor = { id: '7', name: 'Riikka Rantanen', title: 'Endocrinologist', pictureUrl: null };

export const labReferrals: ReferralListItem[] = [
  // 18 days away: 'Expires in 3 weeks'
  { id: '11', type: 'laboratory', title: 'Lipid control', creationDate: '2026-05-06', validUntil: '2026-05-29', practitioner: doctor },
  // beyond 30 days: no label
  { id: '12', type: 'laboratory', title: 'Thyroid control', creationDate: '2026-03-01', validUntil: '2026-08-31', practitioner: { ...doctor, title: null } },
  // yesterday in Helsinki: not valid
  { id: '13', type: 'laboratory', title: 'Blood count', creationDate: '2026-01-10', validUntil: '2026-05-10', practitioner: doctor },
];

export const laboratoryState: LaboratoryPageState = {
  dates: [
    {
      date: '2026-04-02',
      isReady: false,
      tests: [
        { id: 't1', displayName: 'Blood count', isReady: true },
        { id: 't2', displayName: 'TSH', isReady: false },
      ],
    },
    { date: '2026-03-15', isReady: true, tests: [{ id: 't3', displayName: 'CRP', isReady: true }] },
  ],
  referrals: labReferrals,
};

export const imagingReferrals: ReferralListItem[] = [
  { id: '21', type: 'imaging', title: 'Shoulder ultrasound', creationDate: '2026-05-08', validUntil: '2026-05-12', practitioner: doctor },
  { id: '22', type: 'imaging', title: 'Knee X-ray', creationDate: '2025-06-01', validUntil: '2025-12-01', practitioner: doctor },
];

export const imagingState: ImagingPageState = {
  results: [
    { id: 'i1', imagingDate: '2026-02-20', examinationName: 'Chest X-ray' },
    { id: 'i2', imagingDate: '2026-01-20', examinationName: null },
  ],
  referrals: imagingReferrals,
};

const single = (overrides: Partial<SingleLaboratoryTest> & Pick<SingleLaboratoryTest, 'id' | 'displayName'>): SingleLaboratoryTest => ({
  __typename: 'SingleLaboratoryTest',
  code: overrides.id,
  isReady: true,
  result: null,
  unit: null,
  referenceRange: null,
  description: null,
  additionalResult: null,
  history: [],
  ...overrides,
});

export const tsh = single({
  id: 'tsh',
  displayName: 'P -TSH',
  result: { __typename: 'NumeralLaboratoryResult', prefix: null, resultNumber: 2.1, isWithinReferenceRange: true },
  unit: 'mU/l',
  referenceRange: { min: 0.5, max: 3.6 },
  description: 'Thyroid-stimulating hormone',
  history: [
    { date: '2025-07-15', prefix: null, resultNumber: 2.6, isWithinReferenceRange: true },
    { date: '2025-10-20', prefix: null, resultNumber: 3.3, isWithinReferenceRange: true },
    { date: '2026-01-02', prefix: null, resultNumber: 4.2, isWithinReferenceRange: false },
    { date: '2026-04-02', prefix: null, resultNumber: 2.1, isWithinReferenceRange: true },
  ],
});

export const laboratoryResultState: LaboratoryResultPageState = {
  status: 'ok',
  date: '2026-04-02',
  fullName: 'Mikko Virtanen',
  laboratoryTests: [
    {
      __typename: 'LaboratoryTestPackage',
      id: 'pvk',
      code: '2474',
      displayName: 'B -PVK+T',
      isReady: false,
      description: 'Basic blood count',
      items: [
        single({
          id: 'hb',
          displayName: 'B -Hb',
          result: { __typename: 'NumeralLaboratoryResult', prefix: null, resultNumber: 128, isWithinReferenceRange: false },
          unit: 'g/l',
          referenceRange: { min: 134, max: 167 },
          description: 'Haemoglobin',
          history: [
            { date: '2025-03-01', prefix: null, resultNumber: 148, isWithinReferenceRange: true },
            { date: '2026-04-02', prefix: null, resultNumber: 128, isWithinReferenceRange: false },
          ],
        }),
        single({ id: 'leuk', displayName: 'B -Leuk', isReady: false, unit: 'E9/l', referenceRange: { min: 3.4, max: 8.2 } }),
      ],
    },
    tsh,
    single({
      id: 'crp',
      displayName: 'P -CRP',
      result: { __typename: 'NumeralLaboratoryResult', prefix: 'lessThan', resultNumber: 3, isWithinReferenceRange: true },
      unit: 'mg/l',
      referenceRange: { min: null, max: 10 },
      additionalResult: 'No signs of infection.',
    }),
    single({ id: 'borr', displayName: 'S -Borr-Ab', result: { __typename: 'TextualLaboratoryResult', resultText: 'Negative' }, description: 'Borrelia antibodies' }),
    single({ id: 'plain', displayName: 'U -Plain', result: { __typename: 'TextualLaboratoryResult', resultText: 'Clear' } }),
  ],
};

export const imagingResultState: ImagingResultPageState = {
  status: 'ok',
  imagingDate: '2026-02-20',
  results: [
    { id: 'i1', imagingDate: '2026-02-20', examinationName: 'Chest X-ray', statementText: 'Lungs clear.' },
    { id: 'i3', imagingDate: '2026-02-20', examinationName: null, statementText: null },
  ],
};

export const laboratoryReferralState: ReferralPageState = {
  status: 'ok',
  referral: {
    ...labReferrals[0]!,
    description: 'Rasva-arvojen kontrolli paastonäytteenä.',
    patientInstructionsUrl: 'https://example.invalid/instructions',
  },
};

export const imagingReferralState: ReferralPageState = {
  status: 'ok',
  referral: { ...imagingReferrals[1]!, description: 'Polven röntgenkuvaus seisten.', patientInstructionsUrl: null },
};

/**
 * Renders a page with a route parameter as the app does: `pattern` with its :param under the
 * language (e.g. 'laboratoryresult/:date'), at `path` (e.g. 'laboratoryresult/2026-04-02').
 */
export function renderRoute(page: ReactElement, pattern: string, path: string, shell: ShellContextValue = createFakeShell()) {
  const routes = createElement(Routes, null, createElement(Route, { path: `/${shell.lang}/${pattern}`, element: page }));
  return renderWithShell(routes, shell, `/${shell.lang}/${path}`);
}
