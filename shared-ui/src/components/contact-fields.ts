import { type ContactFieldName, type Patient } from '@portal/shared-api';

/** A contact form's values, one string a field (empty where the patient has none). */
export type ContactValues = Record<ContactFieldName, string>;

/**
 * No `maxLength`: an input's length limit cuts what is typed before it is trimmed and normalised
 * ("+358 40 123 4567" is 16 characters, its number 13), silently (issue 28). The lengths are the
 * schemas' (contact.ts), checked after trimming, and a refused field says why.
 */
export interface ContactInput {
  autoComplete: string;
  type: 'text' | 'email' | 'tel';
  inputMode?: 'numeric';
}

/** The input attributes of each contact field, the same in my information and booking. */
export const CONTACT_INPUTS: Record<ContactFieldName, ContactInput> = {
  streetAddress: { autoComplete: 'street-address', type: 'text' },
  postalCode: { autoComplete: 'postal-code', type: 'text', inputMode: 'numeric' },
  postOffice: { autoComplete: 'address-level2', type: 'text' },
  emailAddress: { autoComplete: 'email', type: 'email' },
  phoneNumber: { autoComplete: 'tel', type: 'tel' },
};

/** The patient's saved contact details as a form's values. */
export function contactValuesOf(patient: Pick<Patient, 'postalAddress' | 'email' | 'phoneNumber'>): ContactValues {
  return {
    streetAddress: patient.postalAddress.street ?? '',
    postalCode: patient.postalAddress.postalCode ?? '',
    postOffice: patient.postalAddress.postOffice ?? '',
    emailAddress: patient.email ?? '',
    phoneNumber: patient.phoneNumber ?? '',
  };
}
