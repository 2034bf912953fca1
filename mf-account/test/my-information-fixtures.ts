import type { MyInformationPageState, Patient } from '@portal/shared-api';

/** Mikko's details as My information's loader gives them (the page's tests and its pre-render's). */
export const mikko: Patient = {
  firstName: 'Mikko',
  lastName: 'Virtanen',
  ssn: '150385-****',
  phoneNumber: '+358405550101',
  email: 'mikko.virtanen@example.fi',
  language: 'fi',
  postalAddress: { street: 'Mannerheimintie 12 B 7', postalCode: '00100', postOffice: 'Helsinki' },
  patientDataConsentFormUpdated: '2026-05-08T07:00:00.000Z',
  patientDataConsent: 'ok',
};

export const consent = {
  allowsCommonRegistry: true,
  allowsViewingOccupationalInformation: false,
  allowsMarketingMail: false,
  allowsTreatmentInstructionsMail: true,
  allowsBookingSms: true,
};

/** My information's page state for Mikko, with `patient` changes over his details. */
export const myInformationState = (patient: Partial<Patient> = {}): MyInformationPageState => ({
  patient: { ...mikko, ...patient },
  consent,
  privacyPolicyUrl: 'https://www.example.fi/tietosuojaseloste',
  passkeys: [],
  reminders: { setting: '24h' },
  // as from a server that does not send them: the sections ask for their own (their tests say what they show)
  smsLogin: null,
  kelaCard: null,
});
